import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Beneficiary, BeneficiaryList } from '../../../src/domain/contract/beneficiaries.ts';
import { ApiError } from '../../../src/server/http/api-error.ts';
import { loadBeneficiary } from '../../../src/server/modules/beneficiaries/beneficiary-service.ts';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import {
  API,
  INDIA_BANK,
  KENYA_MOBILE,
  SOMALIA_BANK,
  SOMALIA_CASH,
  SOMALIA_MOBILE,
  typedTwice,
  withValues,
} from './beneficiary-fixtures.ts';

const BENEFICIARIES = `${API}/api/v1/beneficiaries`;

describe.each(DATABASE_KINDS)('beneficiaries on %s', (kind) => {
  let t: TestApp;
  let amina: string;
  let bashir: string;
  let customerCount = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    amina = await signedInCustomer(t, 'cus_amina', 'GB');
    bashir = await signedInCustomer(t, 'cus_bashir', 'GB');
  });
  afterAll(() => t.close());

  /** A customer of their own, so a test's recipients never meet another test's. */
  async function newCustomer(): Promise<string> {
    customerCount += 1;
    return signedInCustomer(t, `cus_fresh_${customerCount}`, 'GB');
  }

  async function create(token: string, body: { values: Record<string, unknown> }) {
    const res = await t.call('POST', BENEFICIARIES, { token, body: typedTwice(body) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(is(res.body.data, Beneficiary)).toBe(true);
    return res.body.data as Beneficiary;
  }

  async function list(token: string, query = '') {
    const res = await t.call('GET', `${BENEFICIARIES}${query}`, { token });
    expect(res.status).toBe(200);
    expect(is(res.body.data, BeneficiaryList)).toBe(true);
    return res.body.data.data as Beneficiary[];
  }

  it('refuses every call without a session with 401', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', BENEFICIARIES, KENYA_MOBILE],
      ['GET', BENEFICIARIES],
      ['GET', `${BENEFICIARIES}/ben_x`],
      ['PUT', `${BENEFICIARIES}/ben_x`, { values: KENYA_MOBILE.values }],
      ['DELETE', `${BENEFICIARIES}/ben_x`],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.call(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.errors[0].type).toBe('urn:sarraf:error:Unauthorized');
    }
  });

  it('creates a Kenya M-PESA recipient with canonical values and a list label', async () => {
    const token = await newCustomer();
    const saved = await create(token, KENYA_MOBILE);
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^ben_[A-Za-z0-9_-]{22}$/),
      country_iso2: 'KE',
      payout_type: 'mobile',
      currency_iso3: 'KES',
      first_name: 'Wanjiru',
      middle_name: null,
      last_name: 'Kamau',
      display_name: 'Wanjiru Kamau',
      payout_label: 'Safaricom M-PESA · •••• 5678',
      values: { ...KENYA_MOBILE.values, mobile: '+254712345678' },
      created_at: t.clock.now().toISOString(),
    });
    const fetched = await t.call('GET', `${BENEFICIARIES}/${saved.id}`, { token });
    expect(fetched.status).toBe(200);
    expect(fetched.body.data).toEqual(saved);
    expect(await list(token)).toEqual([saved]);
  });

  it('creates a Somalia cash recipient collected at a named agent point', async () => {
    const token = await newCustomer();
    const saved = await create(token, SOMALIA_CASH);
    expect(saved).toMatchObject({
      display_name: 'Hodan Abdi Warsame',
      middle_name: 'Abdi',
      payout_label: 'Bakaara Market Agent, Mogadishu',
      values: { ...SOMALIA_CASH.values, mobile: '+252612345678' },
    });
  });

  it('keeps the Somaliland city of a Somalia recipient (SPEC §3), and echoes it', async () => {
    const token = await newCustomer();
    const saved = await create(token, withValues(SOMALIA_CASH, { city: 'HGA' }));
    expect(saved.values.city).toBe('HGA');
    const read = await t.call('GET', `${BENEFICIARIES}/${saved.id}`, { token });
    expect(read.body.data.values.city).toBe('HGA');
    const moved = await t.call('PUT', `${BENEFICIARIES}/${saved.id}`, {
      token,
      body: { values: { ...SOMALIA_CASH.values, city: 'BBO' } },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.values.city).toBe('BBO');
    const row = await t.deps.db
      .selectFrom('beneficiaries')
      .select('fields')
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(row.fields.city).toBe('BBO');
  });

  it.each([
    ['a city outside the 13', 'MGQ'],
    ['a city name instead of its code', 'Hargeisa'],
  ])('refuses %s for a Somalia recipient', async (_what, city) => {
    const token = await newCustomer();
    for (const corridor of [SOMALIA_CASH, SOMALIA_MOBILE, SOMALIA_BANK]) {
      const res = await t.call('POST', BENEFICIARIES, { token, body: withValues(corridor, { city }) });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ property_path: 'values.city', message: 'Choose one of the options' });
    }
    expect(await list(token)).toEqual([]);
  });

  it('creates e-Dahab, Somali IBAN and Indian bank recipients', async () => {
    const token = await newCustomer();
    expect((await create(token, SOMALIA_MOBILE)).payout_label).toBe('Somtel e-Dahab · •••• 4567');
    const bank = await create(token, SOMALIA_BANK);
    expect(bank.values.iban).toBe('SO211000001001000100141');
    expect(bank.payout_label).toBe('•••• 0141');
    expect((await create(token, INDIA_BANK)).payout_label).toBe('State Bank of India · •••• 9012');
    expect(await list(token)).toHaveLength(3);
  });

  it.each([
    [
      'a phone of another country',
      KENYA_MOBILE,
      { mobile: '+447911123456' },
      'mobile',
      'Enter a mobile number in Kenya',
    ],
    ['a landline', KENYA_MOBILE, { mobile: '+254202345678' }, 'mobile', 'Enter a valid mobile number'],
    [
      'digits in a name',
      KENYA_MOBILE,
      { first_name: 'Wanj1ru' },
      'first_name',
      'Use letters, spaces, hyphens and apostrophes only',
    ],
    [
      'a network the directory does not list',
      KENYA_MOBILE,
      { mobile_network_code: 'MTN' },
      'mobile_network_code',
      'Choose one of the options',
    ],
    [
      'a purpose outside the SPEC list',
      KENYA_MOBILE,
      { purpose_of_transaction: 'lottery' },
      'purpose_of_transaction',
      'Choose one of the options',
    ],
    ['a missing last name', KENYA_MOBILE, { last_name: undefined }, 'last_name', 'This field is required'],
    [
      'a field the form does not have',
      KENYA_MOBILE,
      { nickname: 'Wanji' },
      'nickname',
      'This field is not part of the recipient form',
    ],
    ['a 257-character name', KENYA_MOBILE, { last_name: 'K'.repeat(257) }, 'last_name', 'Use at most 256 characters'],
    ['a missing middle name in Somalia', SOMALIA_CASH, { middle_name: '  ' }, 'middle_name', 'This field is required'],
    [
      'an unknown collection point',
      SOMALIA_CASH,
      { collection_point_code: 'MGQ-XXX' },
      'collection_point_code',
      'Choose one of the options',
    ],
    [
      'a Hormuud number for e-Dahab',
      SOMALIA_MOBILE,
      { mobile_wallet_number: '0611234567' },
      'mobile_wallet_number',
      'This provider accepts only numbers starting +25262, +25265, +25266',
    ],
    [
      'a wallet number with its country code',
      SOMALIA_MOBILE,
      { mobile_wallet_number: '2526512345' },
      'mobile_wallet_number',
      'Enter the number without the country code',
    ],
    [
      'an IBAN with a bad checksum',
      SOMALIA_BANK,
      { iban: 'SO22 1000 0010 0100 0100 141' },
      'iban',
      'Enter a valid IBAN',
    ],
    [
      'an IBAN of another country',
      SOMALIA_BANK,
      { iban: 'GB82 WEST 1234 5698 7654 32' },
      'iban',
      'Enter the IBAN of an account in Somalia',
    ],
    [
      'an IFSC of another bank',
      INDIA_BANK,
      { ifsc: 'HDFC0001234' },
      'ifsc',
      "This IFSC is not one of the chosen bank's branches",
    ],
    ['a malformed IFSC', INDIA_BANK, { ifsc: 'SBIN1001234' }, 'ifsc', 'Enter an 11-character IFSC such as SBIN0001234'],
    [
      'an Indian account number with letters',
      INDIA_BANK,
      { account_number: '12345678901A' },
      'account_number',
      'The format is invalid',
    ],
  ])('refuses %s with 400 on its field', async (_case, body, changes, field, message) => {
    const token = await newCustomer();
    const res = await t.call('POST', BENEFICIARIES, { token, body: typedTwice(withValues(body, changes)) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [{ type: 'urn:sarraf:error:ValidationFailed', message, property_path: `values.${field}` }],
    });
    expect(await list(token)).toEqual([]);
  });

  it('refuses a value that is not text on its field, and a corridor with no form with 404', async () => {
    const notText = await t.call('POST', BENEFICIARIES, {
      token: amina,
      body: { ...KENYA_MOBILE, values: { ...KENYA_MOBILE.values, mobile: 712345678 } },
    });
    expect(notText.status).toBe(400);
    expect(notText.body.errors[0].property_path).toBe('values.mobile');

    const noForm = await t.call('POST', BENEFICIARIES, {
      token: amina,
      body: { ...KENYA_MOBILE, payout_type: 'cash' },
    });
    expect(noForm.status).toBe(404);
    expect(noForm.body.errors[0].type).toBe('urn:sarraf:error:NotFound');
  });

  it('refuses the same payout account twice with 409 BeneficiaryAlreadyExists, however it is typed', async () => {
    const token = await newCustomer();
    const first = await create(token, KENYA_MOBILE);
    const again = await t.call('POST', BENEFICIARIES, {
      token,
      body: typedTwice(
        withValues(KENYA_MOBILE, { mobile: '+254 712 345 678', first_name: 'Wanjiku', relationship: 'friend' }),
      ),
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      errors: [
        {
          type: 'urn:sarraf:error:BeneficiaryAlreadyExists',
          message: 'You already have this recipient. Update the existing recipient instead of adding it again.',
          property_path: null,
        },
      ],
    });
    expect(await list(token)).toEqual([first]);

    // Another number is another recipient; the same number is fine for another customer.
    await create(token, withValues(KENYA_MOBILE, { mobile: '0722 000 111' }));
    await create(await newCustomer(), KENYA_MOBILE);
  });

  it('treats cash recipients with the same names and phone as one, whatever the letter case', async () => {
    const token = await newCustomer();
    await create(token, SOMALIA_CASH);
    const shouted = withValues(SOMALIA_CASH, { first_name: 'HODAN', collection_point_code: 'HGA-WHN' });
    expect((await t.call('POST', BENEFICIARIES, { token, body: shouted })).status).toBe(409);
    await create(token, withValues(SOMALIA_CASH, { middle_name: 'Yusuf' }));
  });

  it('lets exactly one of two simultaneous saves of the same recipient through', async () => {
    const token = await newCustomer();
    const results = await Promise.all([
      t.call('POST', BENEFICIARIES, { token, body: typedTwice(SOMALIA_MOBILE) }),
      t.call('POST', BENEFICIARIES, { token, body: typedTwice(SOMALIA_MOBILE) }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await list(token)).toHaveLength(1);
  });

  it('filters the list by country, payout type, currency and id', async () => {
    const token = await newCustomer();
    const kenya = await create(token, KENYA_MOBILE);
    const cash = await create(token, SOMALIA_CASH);
    const wallet = await create(token, SOMALIA_MOBILE);
    const ids = (rows: Beneficiary[]) => rows.map((r) => r.id).sort();
    expect(ids(await list(token, '?country=SO'))).toEqual([cash.id, wallet.id].sort());
    expect(ids(await list(token, '?country=so&payout_type=mobile&currency=usd'))).toEqual([wallet.id]);
    expect(ids(await list(token, '?payout_type=mobile'))).toEqual([kenya.id, wallet.id].sort());
    expect(ids(await list(token, `?id=${cash.id}`))).toEqual([cash.id]);
    expect(await list(token, '?currency=INR')).toEqual([]);
    const bad = await t.call('GET', `${BENEFICIARIES}?payout_type=pigeon`, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].property_path).toBe('payout_type');
  });

  it('updates names and payout details with the same checks, newest change first in the list', async () => {
    const token = await newCustomer();
    const older = await create(token, SOMALIA_CASH);
    t.clock.advance(60_000);
    const saved = await create(token, KENYA_MOBILE);
    t.clock.advance(60_000);

    const bad = await t.call('PUT', `${BENEFICIARIES}/${older.id}`, {
      token,
      body: { values: { ...SOMALIA_CASH.values, last_name: 'W4rsame' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].property_path).toBe('values.last_name');

    const res = await t.call('PUT', `${BENEFICIARIES}/${older.id}`, {
      token,
      body: { values: { ...SOMALIA_CASH.values, last_name: 'Warsame-Nur', collection_point_code: 'GGR-CTR' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: older.id,
      country_iso2: 'SO',
      payout_type: 'cash',
      last_name: 'Warsame-Nur',
      payout_label: 'Garowe Central Agent, Garowe',
      created_at: older.created_at,
      updated_at: t.clock.now().toISOString(),
    });
    expect((await t.call('GET', `${BENEFICIARIES}/${older.id}`, { token })).body.data).toEqual(res.body.data);
    expect((await list(token)).map((r) => r.id)).toEqual([older.id, saved.id]);
  });

  it('refuses an update that makes a recipient a copy of another with 409', async () => {
    const token = await newCustomer();
    await create(token, KENYA_MOBILE);
    const other = await create(token, withValues(KENYA_MOBILE, { mobile: '0722 000 111' }));
    const res = await t.call('PUT', `${BENEFICIARIES}/${other.id}`, {
      token,
      body: typedTwice({ values: KENYA_MOBILE.values }),
    });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].type).toBe('urn:sarraf:error:BeneficiaryAlreadyExists');
    expect((await t.call('GET', `${BENEFICIARIES}/${other.id}`, { token })).body.data).toEqual(other);
  });

  it("answers 404 to another customer on every verb and never lists the owner's recipients", async () => {
    const mine = await create(amina, INDIA_BANK);
    const path = `${BENEFICIARIES}/${mine.id}`;
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { values: { ...INDIA_BANK.values, first_name: 'Mallory' } }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.call(method, path, { token: bashir, body });
      expect(res.status, method).toBe(404);
      expect(res.body.errors[0]).toEqual({
        type: 'urn:sarraf:error:NotFound',
        message: 'Recipient not found',
        property_path: null,
      });
    }
    expect((await list(bashir)).map((r) => r.id)).not.toContain(mine.id);
    expect(await list(bashir, `?id=${mine.id}`)).toEqual([]);
    // Untouched for its owner.
    expect((await t.call('GET', path, { token: amina })).body.data).toEqual(mine);
  });

  it('deletes a recipient: gone from get and list, and addable again', async () => {
    const token = await newCustomer();
    const saved = await create(token, SOMALIA_MOBILE);
    const path = `${BENEFICIARIES}/${saved.id}`;
    const deleted = await t.call('DELETE', path, { token });
    expect(deleted.status).toBe(204);
    expect((await t.call('GET', path, { token })).status).toBe(404);
    expect((await t.call('PUT', path, { token, body: { values: SOMALIA_MOBILE.values } })).status).toBe(404);
    expect((await t.call('DELETE', path, { token })).status).toBe(404);
    expect(await list(token)).toEqual([]);
    const again = await create(token, SOMALIA_MOBILE);
    expect(again.id).not.toBe(saved.id);
  });

  it('loads a recipient for the transfers module only for its owner', async () => {
    const saved = await create(amina, SOMALIA_BANK);
    expect(await loadBeneficiary(t.deps, 'cus_amina', saved.id)).toEqual(saved);
    await expect(loadBeneficiary(t.deps, 'cus_bashir', saved.id)).rejects.toMatchObject({
      constructor: ApiError,
      status: 404,
    });
  });
});
