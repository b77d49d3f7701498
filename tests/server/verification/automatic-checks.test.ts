import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseName } from '../../../src/server/providers/watchlist/watchlist-provider.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { registerCustomer } from '../../support/register-customer.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { MAIN, movesOf, onboardedCustomer, userData } from './verification-fixtures.ts';

describe('the watchlist compares names as people write them', () => {
  it('drops accents, letter case, punctuation and word order', () => {
    expect(normaliseName('Zoë Ñandú-Embargo')).toBe(normaliseName('embargo, NANDU zoe'));
    expect(normaliseName('Ivan Sandboxov')).not.toBe(normaliseName('Ivana Sandboxov'));
  });
});

describe.each(DATABASE_KINDS)('automatic verification checks on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('do not start before onboarding is finished', async () => {
    const c = await registerCustomer(t, { country: 'GB' });
    const data = await userData(t, c.token);
    expect(data.user.verification).toEqual({
      status: 'NotRegistered',
      twoPlusTwoResult: 'NotVerified',
      watchlistResult: 'NotVerified',
    });
    expect(data.meta.customer.kyc_user_reference).toBeNull();
    expect(await movesOf(t, c.user.id)).toEqual([]);
  });

  it('pass a confirmed, unlisted customer once, recording each move with who made it and why', async () => {
    const c = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Warsame' });
    const data = await userData(t, c.token);
    expect(data.user.verification).toEqual({
      status: 'Pass',
      twoPlusTwoResult: 'Verified',
      watchlistResult: 'Verified',
    });
    expect(data.user.isRemittanceEnabled).toBe(true);
    expect(data.meta.customer.kyc_user_reference).toMatch(/^kyc_[0-9a-f]{24}$/);
    expect(data.document_request).toBeNull();
    expect(data.next_document_request).toEqual({ document: 'identity', type: 'optional' });
    expect(data.verification_tasks).toEqual([{ item: 'identity_checks', state: 'done', reason: null }]);
    // loading again runs nothing twice
    expect((await userData(t, c.token)).meta.customer.kyc_user_reference).toBe(data.meta.customer.kyc_user_reference);
    expect(await movesOf(t, c.id)).toEqual([
      {
        from_status: 'NotRegistered',
        to_status: 'Verifying',
        actor: 'system:automatic-checks',
        reason: 'name, date of birth and address given',
      },
      {
        from_status: 'Verifying',
        to_status: 'Pass',
        actor: 'provider:two-plus-two+watchlist',
        reason: 'identity confirmed; address confirmed; watchlist clear',
      },
    ]);
  });

  it.each([
    ['Noidentity', 'RequestId', { type: 'identity', screen_type: 'capture' }, ['identity']],
    ['Noaddress', 'RequestAddress', { type: 'address', screen_type: 'upload' }, ['address']],
    ['Nomatch', 'RequestIdAddress', { type: 'identity', screen_type: 'capture' }, ['identity', 'address']],
  ])(
    'ask a customer the two-plus-two check does not confirm (%s) for documents',
    async (lastName, status, request, asked) => {
      const c = await onboardedCustomer(t, { firstName: 'Amina', lastName });
      const data = await userData(t, c.token);
      expect(data.user.verification).toEqual({ status, twoPlusTwoResult: 'Failed', watchlistResult: 'Verified' });
      expect(data.document_request).toEqual(request);
      expect(data.verification_tasks).toEqual([
        { item: 'identity_checks', state: 'done', reason: null },
        ...asked.map((item) => ({ item, state: 'to_do', reason: null })),
      ]);
    },
  );

  it('wait for a provider that is down: the data still loads, a check asked for answers 503, and they run once it is back', async () => {
    const { twoPlusTwo } = t.deps.providers;
    t.deps.providers.twoPlusTwo = {
      check: () => Promise.reject(new Error('connect ECONNREFUSED: the database check is down')),
    };
    try {
      const c = await onboardedCustomer(t, { firstName: 'Faduma', lastName: 'Ali' });
      const data = await userData(t, c.token);
      expect(data.user.verification).toEqual({
        status: 'NotRegistered',
        twoPlusTwoResult: 'NotVerified',
        watchlistResult: 'NotVerified',
      });
      const asked = await t.call('POST', '/api/kyc/verification/watchlist', { token: c.token });
      expect(asked.status).toBe(503);
      expect(asked.body.errors[0].type).toBe('urn:sarraf:error:ServiceUnavailable');
      expect(await movesOf(t, c.id)).toEqual([]);

      t.deps.providers.twoPlusTwo = twoPlusTwo;
      expect((await userData(t, c.token)).user.verification.status).toBe('Pass');
    } finally {
      t.deps.providers.twoPlusTwo = twoPlusTwo;
    }
  });

  it('hold a customer on the watchlist (name and date of birth, however written) for review', async () => {
    const c = await onboardedCustomer(t, { firstName: 'ivan', lastName: 'SANDBOXOV', dateOfBirth: '1970-01-01' });
    const data = await userData(t, c.token);
    expect(data.user.verification).toEqual({
      status: 'Verifying',
      twoPlusTwoResult: 'Verified',
      watchlistResult: 'Failed',
    });
    expect(data.verification_tasks).toEqual([{ item: 'identity_checks', state: 'checking', reason: null }]);
    const [, decided] = await movesOf(t, c.id);
    expect(decided?.reason).toMatch(/watchlist hit wl_[0-9a-f]{16}: compliance review/);
  });

  it('clear the same name with another date of birth', async () => {
    const c = await onboardedCustomer(t, { firstName: 'Ivan', lastName: 'Sandboxov', dateOfBirth: '1971-01-01' });
    expect((await userData(t, c.token)).user.verification.status).toBe('Pass');
  });

  it("never answer with another customer's verification", async () => {
    const alice = await onboardedCustomer(t, { firstName: 'Alice', lastName: 'Noidentity' });
    const bob = await onboardedCustomer(t, { firstName: 'Bob', lastName: 'Warsame' });
    const res = await t.call('POST', `${MAIN}/user/get`, { token: bob.token, body: { customer_id: alice.id } });
    expect(res.status).toBe(404);
    expect((await userData(t, bob.token)).user.verification.status).toBe('Pass');
  });
});
