import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, productionProblems } from '../../../src/server/config.ts';
import { providerSettingsFrom } from '../../../src/server/providers/provider-settings.ts';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { API, KENYA_MOBILE, SOMALIA_MOBILE, typedTwice, withValues } from '../beneficiaries/beneficiary-fixtures.ts';

/** A number the sandbox lookup answers "held in another name" (0002): refused whenever a lookup is made. */
const ANOTHER_NAME = { ...KENYA_MOBILE, values: { ...KENYA_MOBILE.values, mobile: '0712 340 002' } };

describe.each(DATABASE_KINDS)('ACCOUNT_LOOKUP=off on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { providers: providerSettingsFrom({ ACCOUNT_LOOKUP: 'off' }) });
  });
  afterAll(() => t.close());

  it('offers no check: check-account answers not_applicable, and the recipient is saved without one', async () => {
    const token = await signedInCustomer(t, 'cus_no_account_lookup', 'GB');
    const check = await t.call('POST', `${API}/api/v1/beneficiaries/check-account`, { token, body: ANOTHER_NAME });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.data).toEqual({ result: 'not_applicable', field: null, registered_name: null });

    // no confirmation asked for: nothing was checked, so there is nothing to confirm
    const saved = await t.call('POST', `${API}/api/v1/beneficiaries`, {
      token,
      body: typedTwice(ANOTHER_NAME),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data).toMatchObject({ first_name: 'Wanjiru', last_name: 'Kamau' });
    // nothing was asked or kept, so nothing counts against the lookup's abuse limits
    expect(await t.deps.db.selectFrom('account_checks').selectAll().execute()).toEqual([]);
  });

  it('unlocks the names of an e-Dahab recipient: no forced search is served or made, the names are typed', async () => {
    const token = await signedInCustomer(t, 'cus_no_account_search', 'GB');
    const schema = await t.call(
      'GET',
      `${API}/api/v1/schemas/beneficiary?destination_country=SO&payout_type=mobile&destination_currency=USD`,
    );
    expect(schema.status).toBe(200);
    expect(schema.body.meta._constraints).not.toHaveProperty('account_search');
    const search = await t.call('POST', `${API}/api/v1/beneficiaries/search-account`, {
      token,
      body: { ...SOMALIA_MOBILE, values: { mobile_network_code: 'EDH', mobile_wallet_number: '0651234567' } },
    });
    expect(search.status).toBe(404);
    const typed = withValues(SOMALIA_MOBILE, { first_name: 'Hodan', last_name: 'Warsame' });
    const saved = await t.call('POST', `${API}/api/v1/beneficiaries`, { token, body: typedTwice(typed) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data).toMatchObject({ first_name: 'Hodan', last_name: 'Warsame' });
  });
});

describe('ACCOUNT_LOOKUP in production', () => {
  it('may be off (recipients are saved unchecked), never sandbox', () => {
    const problems = (value: string) =>
      productionProblems({
        ...loadConfig({ SARRAF_ENV: 'production' }),
        ...{ providers: providerSettingsFrom({ ACCOUNT_LOOKUP: value }) },
      });
    expect(problems('off').some((line) => line.includes('ACCOUNT_LOOKUP'))).toBe(false);
    expect(problems('sandbox')).toContain('ACCOUNT_LOOKUP is sandbox: nothing would reach a real provider');
  });
});
