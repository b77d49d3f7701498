import type { Kysely, Selectable, Transaction } from 'kysely';
import { hashToken } from '../../auth/sessions.ts';
import type { Database } from '../../db/schema.ts';
import type { RegistrationsTable } from '../../db/tables/oauth.ts';
import { ApiError } from '../../http/api-error.ts';
import { tokenRefusal } from './token-refusal.ts';

export type Registration = Selectable<RegistrationsTable>;

/**
 * The live registration on `channel` a bearer token names, locked for the
 * rest of the transaction so concurrent resends and checks on any replica
 * take turns. 401 when the token is unknown, finished or past the
 * registration's life; 403 AccessDenied when it is live for another call
 * (another channel's registration, a bank-ID or guest session).
 */
export async function lockRegistration(
  trx: Transaction<Database>,
  channel: Registration['channel'] | undefined,
  token: string,
  now: Date,
): Promise<Registration> {
  let query = trx
    .selectFrom('registrations')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now);
  if (channel !== undefined) query = query.where('channel', '=', channel);
  const registration = await query.forUpdate().executeTakeFirst();
  if (!registration) {
    throw await tokenRefusal(trx, token, now, new ApiError('Unauthorized', 'This registration has ended; start again'));
  }
  return registration;
}

/** End the registration or bank-ID session `token` names, whatever its state: its code and token stop working. */
export async function flushRegistration(db: Kysely<Database>, token: string): Promise<null> {
  const tokenHash = hashToken(token);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('registrations').where('token_hash', '=', tokenHash).execute();
    await trx.deleteFrom('bank_id_sessions').where('token_hash', '=', tokenHash).execute();
  });
  return null;
}
