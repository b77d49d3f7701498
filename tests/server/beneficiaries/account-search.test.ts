import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { API, KENYA_MOBILE, SOMALIA_MOBILE, typedTwice, withValues } from './beneficiary-fixtures.ts';

const SEARCH = `${API}/api/v1/beneficiaries/search-account`;
const BENEFICIARIES = `${API}/api/v1/beneficiaries`;
const SCHEMA = `${API}/api/v1/schemas/beneficiary?destination_country=SO&payout_type=mobile&destination_currency=USD`;

/** The holder the sandbox search finds for every account it finds. */
const HOLDER = { first_name: 'Ayaan', middle_name: 'Mohamed', last_name: 'Farah' };

/** An e-Dahab wallet ending in `ending` (the sandbox's documented accounts), with these names, its number typed twice. */
const eDahab = (ending: string, names: Record<string, string | undefined> = {}) =>
  typedTwice(withValues(SOMALIA_MOBILE, { mobile_wallet_number: `065000${ending}`, ...names }));

/** What search-account reads: the corridor, the network and the wallet. */
const searchBody = (ending: string, network = 'EDH') => ({
  destination_country: 'SO',
  payout_type: 'mobile',
  destination_currency: 'USD',
  values: { mobile_network_code: network, mobile_wallet_number: `065000${ending}` },
});

describe.each(DATABASE_KINDS)('forced account search (SPEC §5) on %s', (kind) => {
  let t: TestApp;
  let customers = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  const newCustomer = () => signedInCustomer(t, `cus_search_${++customers}`, 'GB');

  it('serves the rule in the schema: e-Dahab wallets are searched, their names not typed', async () => {
    const res = await t.call('GET', SCHEMA);
    expect(res.body.meta._constraints.account_search).toEqual({
      account_field: 'mobile_wallet_number',
      when: { field: 'mobile_network_code', values: ['EDH'] },
    });
  });

  it('answers the holder of a wallet, or why it cannot be paid, with the account field', async () => {
    const token = await newCustomer();
    const found = await t.call('POST', SEARCH, { token, body: searchBody('4567') });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data).toEqual({ result: 'found', field: 'mobile_wallet_number', holder: HOLDER });
    for (const [ending, result] of [
      ['0003', 'account_not_found'],
      ['0004', 'account_restricted'],
      ['0005', 'currency_mismatch'],
      ['0006', 'unavailable'],
    ]) {
      const res = await t.call('POST', SEARCH, { token, body: searchBody(ending as string) });
      expect(res.body.data).toEqual({ result, field: 'mobile_wallet_number', holder: null });
    }
    // answers are kept and reused like a lookup's; no answer is not kept
    const kept = await t.deps.db.selectFrom('account_checks').select('result').execute();
    expect(kept.map((row) => row.result).sort()).toEqual(
      ['account_not_found', 'account_restricted', 'currency_mismatch', 'match'].sort(),
    );
  });

  it('refuses a search for another network, a bad wallet, or a corridor that has none', async () => {
    const token = await newCustomer();
    const hormuud = await t.call('POST', SEARCH, { token, body: searchBody('4567', 'HRM') });
    expect(hormuud.status).toBe(400);
    expect(hormuud.body.errors[0].property_path).toBe('values.mobile_network_code');
    const prefix = {
      ...searchBody('4567'),
      values: { mobile_network_code: 'EDH', mobile_wallet_number: '0611234567' },
    };
    const wrong = await t.call('POST', SEARCH, { token, body: prefix });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].property_path).toBe('values.mobile_wallet_number');
    const kenya = await t.call('POST', SEARCH, { token, body: KENYA_MOBILE });
    expect(kenya.status).toBe(404);
  });

  it('saves a searched recipient only with the names the search found, whatever the browser sends', async () => {
    const token = await newCustomer();
    const other = await t.call('POST', BENEFICIARIES, {
      token,
      body: { ...eDahab('4567', { first_name: 'Hodan', last_name: 'Warsame' }), account_check_confirmed: true },
    });
    expect(other.status).toBe(422);
    expect(other.body.errors[0]).toMatchObject({
      type: 'urn:sarraf:error:AccountNameMismatch',
      property_path: 'values.first_name',
    });
    const noMiddle = await t.call('POST', BENEFICIARIES, { token, body: eDahab('4567', { middle_name: undefined }) });
    expect(noMiddle.status).toBe(400);

    const check = await t.call('POST', `${API}/api/v1/beneficiaries/check-account`, {
      token,
      body: withValues(SOMALIA_MOBILE, { mobile_wallet_number: '0650004567', first_name: 'Hodan' }),
    });
    expect(check.body.data).toEqual({ result: 'no_match', field: 'mobile_wallet_number', registered_name: null });

    const saved = await t.call('POST', BENEFICIARIES, { token, body: eDahab('4567') });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data).toMatchObject(HOLDER);

    // nor may an update put other names on the account
    const renamed = await t.call('PUT', `${BENEFICIARIES}/${saved.body.data.id}`, {
      token,
      body: { values: { ...eDahab('4567').values, last_name: 'Farax' } },
    });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors[0].type).toBe('urn:sarraf:error:AccountNameMismatch');
  });

  it('refuses a wallet the search refuses, and saves none while the search cannot answer', async () => {
    const token = await newCustomer();
    for (const [ending, type] of [
      ['0003', 'AccountNotFound'],
      ['0004', 'AccountRestricted'],
      ['0005', 'AccountCurrencyMismatch'],
    ]) {
      const res = await t.call('POST', BENEFICIARIES, { token, body: eDahab(ending as string) });
      expect(res.status).toBe(422);
      expect(res.body.errors[0]).toMatchObject({
        type: `urn:sarraf:error:${type}`,
        property_path: 'values.mobile_wallet_number',
      });
    }
    // confirming does not help: nobody checked the names
    const unavailable = await t.call('POST', BENEFICIARIES, {
      token,
      body: { ...eDahab('0006'), account_check_confirmed: true },
    });
    expect(unavailable.status).toBe(503);
    expect(unavailable.body.errors[0].property_path).toBe('values.mobile_wallet_number');
    const list = await t.call('GET', BENEFICIARIES, { token });
    expect(list.body.data.data).toEqual([]);
  });

  it('leaves another network’s names typed, checked by the lookup as before', async () => {
    const token = await newCustomer();
    const hormuud = typedTwice(
      withValues(SOMALIA_MOBILE, {
        mobile_network_code: 'HRM',
        mobile_wallet_number: '0611234567',
        first_name: 'Hodan',
      }),
    );
    const saved = await t.call('POST', BENEFICIARIES, { token, body: hormuud });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data.first_name).toBe('Hodan');
  });
});
