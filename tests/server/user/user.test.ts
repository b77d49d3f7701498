import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DetectedCountry, UsaStateList, UserData } from '../../../src/domain/contract/user.ts';
import { trustedProxiesFrom } from '../../../src/server/http/trusted-proxies.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { registerCustomer } from '../../support/register-customer.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(DATABASE_KINDS)('the signed-in user on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // the test app's callers come from 10.x addresses: as if each came through our edge proxy
    t = await createTestApp(kind, { trustedProxyHops: 1, trustedProxies: trustedProxiesFrom('10.0.0.0/8') });
  });
  afterAll(() => t.close());

  const getUser = (token: string, body?: unknown) => t.call('POST', '/api/main/user/get', { token, body });
  const typeOf = (res: { body: any }) => res.body.errors[0].type.replace('urn:sarraf:error:', '');

  it('returns the customer, their yearly limit in their currency and the KYC reference', async () => {
    const customer = await registerCustomer(t, { country: 'GB' });
    const res = await getUser(customer.token);
    expect(res.status).toBe(200);
    assert(res.body.data, UserData);
    expect(res.body.data).toEqual({
      user: {
        guid: customer.user.id,
        id: customer.user.id,
        firstName: null,
        lastName: null,
        name: null,
        email: customer.email,
        mobile: null,
        country: 'GB',
        sourceCountry: { iso2: 'GB', currency: 'GBP', bankIdLogin: false },
        personalIdentityNumberVerified: false,
        usaState: null,
        locale: 'en-GB',
        status: 'active',
        verification: { status: 'NotRegistered', twoPlusTwoResult: 'NotVerified', watchlistResult: 'NotVerified' },
        isRemittanceEnabled: false,
        isFullyRegistered: false,
        redirect_to_full: 'registration-name',
        purposeOfAccount: null,
        address: null,
      },
      remitter: null,
      user_limit: { currency: 'GBP', limit: '25000.00', used: '0.00', limitRemainingWarning: false },
      document_request: null,
      next_document_request: null,
      verification_tasks: [],
      meta: { customer: { kyc_user_reference: null } },
    });
  });

  it('shows a US customer their state and a limit in dollars', async () => {
    const customer = await registerCustomer(t, { country: 'US' });
    await t.deps.db.updateTable('customers').set({ usa_state: 'TX' }).where('id', '=', customer.user.id).execute();
    const { body } = await getUser(customer.token);
    expect(body.data.user.usaState).toEqual({ code: 'TX', name: 'Texas' });
    expect(body.data.user_limit).toMatchObject({ currency: 'USD', limit: '30000.00' });
  });

  it("answers only with the token's own customer; another customer's id is not found", async () => {
    const alice = await registerCustomer(t);
    const bob = await registerCustomer(t);
    expect((await getUser(alice.token)).body.data.user.email).toBe(alice.email);
    expect((await getUser(bob.token)).body.data.user.email).toBe(bob.email);
    expect((await getUser(alice.token, { customer_id: alice.user.id })).status).toBe(200);
    const other = await getUser(alice.token, { customer_id: bob.user.id });
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain(bob.email);
  });

  it('answers 401 without a session, or once the session has been idle for an hour', async () => {
    expect((await t.call('POST', '/api/main/user/get')).status).toBe(401);
    const customer = await registerCustomer(t);
    t.clock.advance(61 * 60_000);
    const expired = await getUser(customer.token);
    expect(expired.status).toBe(401);
    expect(typeOf(expired)).toBe('Unauthorized');
  });

  it('answers DisabledCustomer once the account is blocked', async () => {
    const customer = await registerCustomer(t);
    await t.deps.db.updateTable('customers').set({ status: 'blocked' }).where('id', '=', customer.user.id).execute();
    // blocked by hand in the database: every server hears it when it commits (session-cache.test.ts)
    await t.deps.sessions?.settled();
    const res = await getUser(customer.token);
    expect(res.status).toBe(403);
    expect(typeOf(res)).toBe('DisabledCustomer');
  });

  it.each([
    [{ 'cf-ipcountry': 'se' }, { country_code: 'SE', region_code: null }],
    [
      { 'cf-ipcountry': 'US', 'cf-region-code': 'CA' },
      { country_code: 'US', region_code: 'CA' },
    ],
    [
      { 'cf-ipcountry': 'XX', 'accept-language': 'fr-CA,fr;q=0.9' },
      { country_code: 'CA', region_code: null },
    ],
    [{ 'accept-language': 'en;q=0.5, sv-SE;q=0.9, de-DE;q=0.7' }, { country_code: 'SE', region_code: null }],
    [{ 'accept-language': 'zh-Hant-TW' }, { country_code: 'TW', region_code: null }],
    [{ 'accept-language': 'es-419, en' }, { country_code: 'GB', region_code: null }],
    [{}, { country_code: 'GB', region_code: null }],
  ])('detects the country from %j', async (headers, expected) => {
    const res = await t.call('GET', '/api/main/user/detect-country', { headers });
    expect(res.status).toBe(200);
    assert(res.body.data, DetectedCountry);
    expect(res.body.data).toEqual(expected);
  });

  it('believes the edge’s country only from our proxies, not from a direct caller', async () => {
    const headers = { 'cf-ipcountry': 'SE', 'cf-region-code': 'AB', 'accept-language': 'en-CA' };
    const direct = await t.call('GET', '/api/main/user/detect-country', { headers, from: '203.0.113.8' });
    expect(direct.body.data).toEqual({ country_code: 'CA', region_code: null });
    const proxied = await t.call('GET', '/api/main/user/detect-country', { headers });
    expect(proxied.body.data).toEqual({ country_code: 'SE', region_code: 'AB' });
  });

  it('lists the US states with whether Sarraf serves them', async () => {
    const res = await t.call('GET', '/api/main/user/usa-states');
    expect(res.status).toBe(200);
    assert(res.body.data, UsaStateList);
    expect(res.body.data).toHaveLength(51);
    expect(res.body.data).toContainEqual({ code: 'TX', name: 'Texas', is_active: true });
    expect(res.body.data).toContainEqual({ code: 'NY', name: 'New York', is_active: false });
  });
});
