import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasskeyList } from '../../../src/domain/contract/passkeys.ts';
import { SignedIn } from '../../../src/domain/contract/user.ts';
import { ABUSE_LIMITS } from '../../../src/server/abuse-limits/limits.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { registerCustomer } from '../../support/register-customer.ts';
import { softwareAuthenticator } from '../../support/software-authenticator.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

describe.each(DATABASE_KINDS)('passkeys on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const typeOf = (res: { body: any }) => res.body.errors[0].type.replace('urn:sarraf:error:', '');
  const authenticator = () =>
    softwareAuthenticator({ rpId: t.deps.config.webAuthn.rpId, origin: t.deps.config.webAuthn.origins[0] as string });

  /** A signed-in customer with `key` added as a passkey. */
  async function customerWithPasskey(key = authenticator()) {
    const customer = await registerCustomer(t);
    const options = await t.call('POST', '/api/main/user/passkeys/registration-options', { token: customer.token });
    expect(options.status).toBe(200);
    expect(options.body.data.rp.id).toBe(t.deps.config.webAuthn.rpId);
    const added = await t.call('POST', '/api/main/user/passkeys', {
      token: customer.token,
      body: { credential: key.attest(options.body.data) },
    });
    expect(added.status).toBe(201);
    return { customer, key };
  }

  const signInOptions = (from?: string) =>
    t.call('POST', '/api/main/user/passkeys/sign-in-options', from === undefined ? {} : { from });
  const signIn = (credential: unknown, from?: string) =>
    t.call('POST', '/api/main/user/passkeys/sign-in', {
      body: { credential },
      ...(from === undefined ? {} : { from }),
    });

  it('adds a passkey, signs in with it into a new session, and refuses its answers replayed or with a counter gone back', async () => {
    const { customer, key } = await customerWithPasskey();
    const list = await t.call('GET', '/api/main/user/passkeys', { token: customer.token });
    assert(list.body.data, PasskeyList);
    expect(list.body.data).toEqual([{ id: key.id, synced: false, created_at: expect.any(String), last_used_at: null }]);

    const options = (await signInOptions()).body.data;
    const answer = key.assert(options);
    const signedIn = await signIn(answer);
    expect(signedIn.status).toBe(200);
    assert(signedIn.body.data, SignedIn);
    expect(signedIn.body.data.token).not.toBe(customer.token);
    const me = await t.call('POST', '/api/main/user/get', { token: signedIn.body.data.token });
    expect(me.body.data.user.id).toBe(customer.user.id);
    expect(
      (await t.call('GET', '/api/main/user/passkeys', { token: customer.token })).body.data[0].last_used_at,
    ).not.toBeNull();

    // the same answer again: its challenge is spent
    const replayed = await signIn(answer);
    expect(replayed.status).toBe(422);
    expect(typeOf(replayed)).toBe('PasskeyNotVerified');
    // a fresh challenge signed with the counter the server already saw (a cloned authenticator)
    const cloned = await signIn(key.assert((await signInOptions()).body.data, { count: 1 }));
    expect(typeOf(cloned)).toBe('PasskeyNotVerified');
    // the real authenticator, moving on, still works
    expect((await signIn(key.assert((await signInOptions()).body.data))).status).toBe(200);
  });

  it('refuses an expired challenge, another site origin, an unknown passkey and a challenge given to someone else', async () => {
    const { customer, key } = await customerWithPasskey();

    const expiring = (await signInOptions()).body.data;
    t.clock.advance(301_000);
    expect(typeOf(await signIn(key.assert(expiring)))).toBe('PasskeyNotVerified');

    const phishing = await signIn(
      key.assert((await signInOptions()).body.data, { from: 'https://sarraf.example.evil' }),
    );
    expect(phishing.status).toBe(422);

    const stranger = authenticator();
    expect(typeOf(await signIn(stranger.assert((await signInOptions()).body.data)))).toBe('PasskeyNotVerified');

    // a registration challenge is the customer's own: another customer cannot spend it
    const other = await registerCustomer(t);
    const theirs = (await t.call('POST', '/api/main/user/passkeys/registration-options', { token: other.token })).body
      .data;
    const taken = await t.call('POST', '/api/main/user/passkeys', {
      token: customer.token,
      body: { credential: authenticator().attest(theirs) },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors[0].property_path).toBe('credential');
    // a sign-in challenge does not add a passkey either
    const wrongKind = await t.call('POST', '/api/main/user/passkeys', {
      token: customer.token,
      body: { credential: authenticator().attest({ ...(await signInOptions()).body.data, user: { id: 'eA' } }) },
    });
    expect(typeOf(wrongKind)).toBe('PasskeyNotVerified');
    expect((await t.call('GET', '/api/main/user/passkeys', { token: customer.token })).body.data).toHaveLength(1);
  });

  it("lets only the owner remove a passkey, which then no longer signs in; a blocked customer's passkey is refused", async () => {
    const { customer, key } = await customerWithPasskey();
    const other = await registerCustomer(t);
    const path = `/api/main/user/passkeys/${key.id}`;
    expect((await t.call('DELETE', path, { token: other.token })).status).toBe(404);
    expect((await t.call('GET', '/api/main/user/passkeys', { token: other.token })).body.data).toEqual([]);

    await t.deps.db.updateTable('customers').set({ status: 'blocked' }).where('id', '=', customer.user.id).execute();
    const blocked = await signIn(key.assert((await signInOptions()).body.data));
    expect(blocked.status).toBe(403);
    expect(typeOf(blocked)).toBe('DisabledCustomer');
    await t.deps.db.updateTable('customers').set({ status: 'active' }).where('id', '=', customer.user.id).execute();

    expect((await t.call('DELETE', path, { token: customer.token })).status).toBe(204);
    expect((await t.call('GET', '/api/main/user/passkeys', { token: customer.token })).body.data).toEqual([]);
    expect(typeOf(await signIn(key.assert((await signInOptions()).body.data)))).toBe('PasskeyNotVerified');
  });

  it('limits the sign-in calls from one address, and not from another', async () => {
    const from = newCallerAddress();
    const { max } = ABUSE_LIMITS.passkeySignInsPerAddress;
    for (let i = 0; i < max; i++) expect((await signInOptions(from)).status).toBe(200);
    const refused = await signInOptions(from);
    expect(refused.status).toBe(429);
    expect(typeOf(refused)).toBe('AttemptLimit');
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await signIn(authenticator().assert({ challenge: 'eA' }), from)).status).toBe(429);
    expect((await signInOptions()).status).toBe(200);
  });
});
