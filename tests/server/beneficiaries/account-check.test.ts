import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';
import { API, KENYA_MOBILE, SOMALIA_CASH, typedTwice, withValues } from './beneficiary-fixtures.ts';

const CHECK = `${API}/api/v1/beneficiaries/check-account`;

/** Kenya mobile money to a number ending in `ending`, for the sandbox lookup's documented accounts. */
const kenyaMobile = (ending: string, names: Record<string, string> = {}) =>
  withValues(KENYA_MOBILE, { mobile: `0712 34${ending.slice(0, 1)} ${ending.slice(1)}`, ...names });

describe.each(DATABASE_KINDS)('account lookup on %s', (kind) => {
  let t: TestApp;
  let customers = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const newCustomer = () => signedInCustomer(t, `cus_lookup_${++customers}`, 'GB');
  const check = (token: string, body: unknown, from?: string) =>
    t.call('POST', CHECK, { token, body, ...(from ? { from } : {}) });
  const checksOf = (customerId: string) =>
    t.deps.db.selectFrom('account_checks').select('result').where('customer_id', '=', customerId).execute();

  it('answers each documented sandbox account with its result, naming the account field', async () => {
    const token = await newCustomer();
    const expected: [string, string][] = [
      ['5678', 'match'],
      ['0002', 'no_match'],
      ['0003', 'account_not_found'],
      ['0004', 'account_restricted'],
      ['0005', 'currency_mismatch'],
      ['0006', 'unavailable'],
    ];
    for (const [ending, result] of expected) {
      const res = await check(token, kenyaMobile(ending));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ result, field: 'mobile', registered_name: null });
    }
    const close = await check(token, kenyaMobile('0001'));
    expect(close.body.data).toEqual({
      result: 'close_match',
      field: 'mobile',
      registered_name: { first_name: 'Asha', middle_name: 'Mohamed', last_name: 'Warsame' },
    });
    const registered = kenyaMobile('0001', { first_name: 'ASHA', middle_name: 'Mohamed', last_name: 'warsame' });
    expect((await check(token, registered)).body.data.result).toBe('match');
    expect((await check(token, SOMALIA_CASH)).body.data).toEqual({
      result: 'not_applicable',
      field: null,
      registered_name: null,
    });
  });

  it('refuses values that break the corridor’s form field by field, an unknown corridor and a caller without a session, asking nothing', async () => {
    const token = await newCustomer();
    const bad = await check(token, kenyaMobile('0001', { first_name: 'W4njiru' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].property_path).toBe('values.first_name');
    const nowhere = await check(token, { ...KENYA_MOBILE, destination_country: 'FR' });
    expect(nowhere.status).toBe(404);
    expect((await t.call('POST', CHECK, { body: KENYA_MOBILE })).status).toBe(401);
    expect(await checksOf(`cus_lookup_${customers}`)).toEqual([]);
  });

  it('reuses its answer for the same account and name, counts only questions the provider is asked, and keeps answers to their customer', async () => {
    const token = await newCustomer();
    const owner = `cus_lookup_${customers}`;
    const from = newCallerAddress();
    for (let i = 0; i < 25; i++) expect((await check(token, kenyaMobile('0001'), from)).status).toBe(200);
    expect(await checksOf(owner)).toEqual([{ result: 'close_match' }]);

    const other = await newCustomer();
    expect((await check(other, kenyaMobile('0001'))).body.data.result).toBe('close_match');
    expect(await checksOf(`cus_lookup_${customers}`)).toHaveLength(1);

    // 19 more accounts fill the owner's hour (20 questions); the next new one is refused, the cached one still answers
    for (let n = 10; n < 29; n++) expect((await check(token, kenyaMobile(`12${n}`), from)).status).toBe(200);
    const over = await check(token, kenyaMobile('1299'), from);
    expect(over.status).toBe(429);
    expect(over.body.errors[0].type).toBe('urn:sarraf:error:AttemptLimit');
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await check(token, kenyaMobile('0001'), from)).status).toBe(200);
    expect(await checksOf(owner)).toHaveLength(20);
  });

  const BENEFICIARIES = `${API}/api/v1/beneficiaries`;
  const save = (token: string, body: { values: Record<string, unknown>; account_check_confirmed?: boolean }) =>
    t.call('POST', BENEFICIARIES, { token, body: typedTwice(body) });
  const savedOf = (customerId: string) =>
    t.deps.db.selectFrom('beneficiaries').select('last_name').where('customer_id', '=', customerId).execute();

  it('refuses to save a recipient whose account the lookup refuses, even when the lookup was skipped, on the field to correct', async () => {
    const token = await newCustomer();
    const owner = `cus_lookup_${customers}`;
    const refused: [string, string, string][] = [
      ['0002', 'AccountNameMismatch', 'values.first_name'],
      ['0003', 'AccountNotFound', 'values.mobile'],
      ['0004', 'AccountRestricted', 'values.mobile'],
      ['0005', 'AccountCurrencyMismatch', 'values.mobile'],
    ];
    for (const [ending, type, path] of refused) {
      // the customer's explicit choice cannot let through what must be corrected
      for (const confirmed of [undefined, true]) {
        const res = await save(token, { ...kenyaMobile(ending), account_check_confirmed: confirmed });
        expect(res.status, `${ending} ${JSON.stringify(res.body)}`).toBe(422);
        expect(res.body.errors).toEqual([
          { type: `urn:sarraf:error:${type}`, message: expect.any(String), property_path: path },
        ]);
      }
    }
    expect((await save(token, kenyaMobile('0003'))).body.errors[0].message).toBe(
      'We could not find this account. Check the number.',
    );
    expect(await savedOf(owner)).toEqual([]);
    // each account was asked about once: the answers were kept, like check-account's
    expect(await checksOf(owner)).toHaveLength(4);
  });

  it('saves a close name or an unchecked account only with the customer’s explicit choice, and a match or cash at once', async () => {
    const token = await newCustomer();
    const owner = `cus_lookup_${customers}`;
    for (const ending of ['0001', '0006']) {
      const unconfirmed = await save(token, kenyaMobile(ending));
      expect(unconfirmed.status).toBe(422);
      expect(unconfirmed.body.errors[0]).toMatchObject({
        type: 'urn:sarraf:error:AccountCheckNotConfirmed',
        property_path: 'account_check_confirmed',
      });
      const chosen = await save(token, { ...kenyaMobile(ending), account_check_confirmed: true });
      expect(chosen.status, JSON.stringify(chosen.body)).toBe(201);
    }
    // taking the registered name is a match: no choice needed
    const registered = kenyaMobile('0001', { first_name: 'Asha', middle_name: 'Mohamed', last_name: 'Warsame' });
    expect((await save(token, withValues(registered, { mobile: '0712 350 001' }))).status).toBe(201);
    expect((await save(token, kenyaMobile('5678'))).status).toBe(201);
    expect((await save(token, SOMALIA_CASH)).status).toBe(201);
    expect(await savedOf(owner)).toHaveLength(5);
  });

  it('looks the account up again when an update changes it or the names, and not for other changes', async () => {
    const token = await newCustomer();
    const created = await save(token, kenyaMobile('5678'));
    expect(created.status).toBe(201);
    const url = `${BENEFICIARIES}/${created.body.data.id}`;
    const update = (values: Record<string, string>, confirmed?: boolean) =>
      t.call('PUT', url, { token, body: typedTwice({ values, account_check_confirmed: confirmed }) });

    const restricted = await update(kenyaMobile('0004').values);
    expect(restricted.status).toBe(422);
    expect(restricted.body.errors[0]).toMatchObject({
      type: 'urn:sarraf:error:AccountRestricted',
      property_path: 'values.mobile',
    });
    const renamed = await update(kenyaMobile('5678', { last_name: 'Otieno' }).values);
    expect(renamed.status).toBe(200);

    // a close name kept by the customer's choice stays saved when only the relationship changes later
    const close = kenyaMobile('0001').values;
    expect((await update(close)).body.errors[0].type).toBe('urn:sarraf:error:AccountCheckNotConfirmed');
    expect((await update(close, true)).status).toBe(200);
    const relationship = await update({ ...close, relationship: 'friend' });
    expect(relationship.status, JSON.stringify(relationship.body)).toBe(200);
    expect(relationship.body.data.values.relationship).toBe('friend');
    expect(relationship.body.data.last_name).toBe('Kamau');
  });
});
