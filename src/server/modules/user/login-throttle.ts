import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../http/api-error.ts';

/** Failed sign-ins allowed for one e-mail address within the window; the next is refused. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;

const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;

/**
 * Count this sign-in as a failure before the password is checked, then
 * refuse it if the address already had its fill of failures. Written first
 * and counted after, each attempt sees every attempt committed before it, so
 * concurrent guesses on any number of replicas cannot slip past the limit.
 * Returns the attempt's id; a successful sign-in clears it with the rest.
 */
export async function reserveLoginAttempt(db: Db, emailKey: string, now: Date): Promise<string> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  await db.deleteFrom('login_failures').where('failed_at', '<=', windowStart).execute();
  const id = randomUUID();
  await db.insertInto('login_failures').values({ id, email_key: emailKey, failed_at: now }).execute();
  const { failures } = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<bigint>().as('failures'))
    .where('email_key', '=', emailKey)
    .where('failed_at', '>', windowStart)
    .executeTakeFirstOrThrow();
  if (Number(failures) > LOGIN_FAILURE_LIMIT) {
    await db.deleteFrom('login_failures').where('id', '=', id).execute();
    throw new ApiError(
      'AttemptLimit',
      `Too many failed sign-ins. Wait ${LOGIN_FAILURE_WINDOW_MINUTES} minutes and try again, or reset your password.`,
    );
  }
  return id;
}

/** After a sign-in with the right password: the address starts afresh. */
export async function clearLoginFailures(db: Db, emailKey: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email_key', '=', emailKey).execute();
}
