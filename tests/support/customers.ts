import type { Kysely } from 'kysely';
import { createSession } from '../../src/server/auth/sessions.ts';
import type { Database } from '../../src/server/db/schema.ts';
import type { TestApp } from './test-app.ts';

/**
 * A verified customer row, written straight to the database (no sign-up
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
  return id;
}

/** A customer resident in `country` with a live session; returns the session token. */
export async function signedInCustomer(t: TestApp, id: string, country: string): Promise<string> {
  await insertCustomer(t.deps.db, { id, country });
  const { token } = await createSession(t.deps.db, t.deps.config, t.clock, id);
  return token;
}
