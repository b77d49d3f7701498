import type { Selectable, Transaction } from 'kysely';
import { hashToken } from '../../auth/sessions.ts';
import type { Database } from '../../db/schema.ts';
import type { EmailRegistrationsTable } from '../../db/tables/oauth.ts';
import { ApiError } from '../../http/api-error.ts';

export type EmailRegistration = Selectable<EmailRegistrationsTable>;

/**
 * The live registration a bearer token names, locked for the rest of the
 * transaction so concurrent resends and checks on any replica take turns.
 * 401 when the token is unknown, finished or past the registration's life.
 */
export async function lockRegistration(
  trx: Transaction<Database>,
  token: string,
  now: Date,
): Promise<EmailRegistration> {
  const registration = await trx
    .selectFrom('email_registrations')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();
  if (!registration) throw new ApiError('Unauthorized', 'This registration has ended; start again');
  return registration;
}
