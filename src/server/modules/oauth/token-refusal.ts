import { hashToken } from '../../auth/sessions.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../http/api-error.ts';

/**
 * 403 AccessDenied (SPEC §8): a live bearer token of the OAuth-style API
 * used on a call it does not open. The client forgets the token and says so
 * (SPEC §8: "OAuth API: 403 gives an access-denied modal and clears the token").
 */
export const accessDenied = () =>
  new ApiError('AccessDenied', 'This token cannot make this call. Start again from the beginning.');

/**
 * Why `token` opened nothing for a call of the OAuth-style API that looked
 * for it and found it neither live nor of the kind the call takes: 403
 * AccessDenied when the token is live for another of the API's calls (another
 * channel's registration, a bank-ID identification, a guest session), else
 * `ended` (401: unknown, or past its life).
 */
export async function tokenRefusal(db: Db, token: string, now: Date, ended: ApiError): Promise<ApiError> {
  const tokenHash = hashToken(token);
  for (const table of ['registrations', 'bank_id_sessions', 'guest_sessions'] as const) {
    const live = await db
      .selectFrom(table)
      .select('id')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (live) return accessDenied();
  }
  return ended;
}
