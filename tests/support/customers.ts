import type { Kysely } from 'kysely';
import { createSession } from '../../src/server/auth/sessions.ts';
import type { Database } from '../../src/server/db/schema.ts';
import type { TestApp } from './test-app.ts';

/**
 * A verified customer row (every verification step passed), written straight to the database (no sign-up
 * flow); its password is never used. `db` may be a transaction.
 */
export async function insertCustomer(
  db: Kysely<Database>,
  { id, email = `${id}@example.test`, country = 'GB' }: { id: string; email?: string; country?: string },
): Promise<string> {
  await db
    .insertInto('customers')
    .values({
      id,
      email,
      password_hash: 'not-used',
      country,
      verification_status: 'Pass',
      first_name: null,
      last_name: null,
      usa_state: null,
      email_verified_at: null,
    })
    .execute();
  // checked and documented in full: the ladder lets them send up to their yearly limit
  await db
    .insertInto('verification_states')
    .values({
      customer_id: id,
      database_checks: 'done',
      two_plus_two_result: 'Verified',
      watchlist_result: 'Verified',
      review: false,
      identity: 'passed',
      address: 'passed',
      source_of_funds: 'passed',
      updated_at: new Date(),
    })
    .execute();
  return id;
}

/** A customer resident in `country` with a live session; returns the session token. */
export async function signedInCustomer(t: TestApp, id: string, country: string): Promise<string> {
  await insertCustomer(t.deps.db, { id, country });
  const { token } = await createSession(t.deps.db, t.deps.config, t.clock, id);
  return token;
}
