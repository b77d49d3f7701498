import { createSession } from '../../../src/server/auth/sessions.ts';
import type { TestApp } from '../../support/test-app.ts';

/** A customer resident in `country` with a live session; returns the session token. */
export async function signedInCustomer(t: TestApp, id: string, country: string): Promise<string> {
  await t.deps.db
    .insertInto('customers')
    .values({
      id,
      email: `${id}@example.test`,
      password_hash: 'not-used',
      country,
      verification_status: 'Pass',
      first_name: null,
      last_name: null,
      usa_state: null,
      email_verified_at: null,
    })
    .execute();
  const { token } = await createSession(t.deps.db, t.deps.config, t.clock, id);
  return token;
}
