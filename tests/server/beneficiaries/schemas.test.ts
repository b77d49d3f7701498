import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BeneficiarySchemaResponse, DataSourceEntries } from '../../../src/domain/contract/beneficiaries.ts';
import { PURPOSES_OFFERED } from '../../../src/domain/purposes.ts';
import { SOMALILAND_CITIES } from '../../../src/domain/somaliland.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { API } from './beneficiary-fixtures.ts';

const schemaPath = (country: string, payout: string, currency: string) =>
  `${API}/api/v1/schemas/beneficiary?destination_country=${country}&payout_type=${payout}&destination_currency=${currency}`;

describe.each(DATABASE_KINDS)('beneficiary schemas and data sources on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function schema(country: string, payout: string, currency: string) {
    const res = await t.call('GET', schemaPath(country, payout, currency));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(is(res.body, BeneficiarySchemaResponse)).toBe(true);
    return res.body as BeneficiarySchemaResponse;
  }

  const names = (body: BeneficiarySchemaResponse) => body.data.fields.map((f) => f.name);
  const fieldOf = (body: BeneficiarySchemaResponse, name: string) => body.data.fields.find((f) => f.name === name);

  it('serves the Kenya mobile form: names, a Kenyan mobile number and its network, relationship and purpose', async () => {
    const body = await schema('KE', 'mobile', 'KES');
    expect(names(body)).toEqual([
      'first_name',
      'middle_name',
      'last_name',
      'mobile',
      'mobile_network_code',
      'relationship',
      'purpose_of_transaction',
    ]);
    expect(fieldOf(body, 'mobile')).toMatchObject({
      type: 'international_phone',
      required: true,
      constraints: { format: 'phone' },
    });
    expect(fieldOf(body, 'middle_name')?.required).toBe(false);
    expect(fieldOf(body, 'first_name')).toMatchObject({
      label_key: 'beneficiary.field.first_name',
      constraints: { min_length: 1, max_length: 256, format: 'name' },
    });
    expect(fieldOf(body, 'mobile_network_code')?.data_source).toBe('mobile-networks');
    // each purpose once: "Loan Payment", the same as "Repayment of Loan", is not offered
    expect(fieldOf(body, 'purpose_of_transaction')?.options).toEqual([...PURPOSES_OFFERED]);
    expect(fieldOf(body, 'purpose_of_transaction')?.options).not.toContain('loan_payment');
    expect(body.meta).toEqual({
      _links: { save: { href: '/api/v1/beneficiaries', method: 'POST' } },
      _constraints: { review_required: false, provider_number_prefixes: {} },
      _data_sources: { 'mobile-networks': { href: '/api/v1/data-sources/mobile-networks?country=KE' } },
    });
  });

  it('serves the Somalia cash form with three required names, a collection point and confirm-review', async () => {
    const body = await schema('SO', 'cash', 'USD');
    expect(names(body)).toEqual([
      'first_name',
      'middle_name',
      'last_name',
      'mobile',
      'collection_point_code',
      'city',
      'relationship',
      'purpose_of_transaction',
    ]);
    expect(fieldOf(body, 'middle_name')?.required).toBe(true);
    // SPEC §3: a Somaliland city chosen with the destination, one of its 13 codes
    expect(fieldOf(body, 'city')).toMatchObject({ type: 'city', required: false });
    expect(fieldOf(body, 'city')?.options).toEqual(SOMALILAND_CITIES.map((city) => city.code));
    expect(fieldOf(body, 'collection_point_code')?.data_source).toBe('collection-points');
    expect(body.meta._constraints.review_required).toBe(true);
    expect(body.meta._data_sources).toEqual({
      'collection-points': { href: '/api/v1/data-sources/collection-points?country=SO' },
    });
  });

  it("serves the Somalia mobile form with e-Dahab's number prefixes", async () => {
    const body = await schema('SO', 'mobile', 'USD');
    expect(fieldOf(body, 'mobile_wallet_number')).toMatchObject({
      type: 'mobile_wallet_number',
      depends_on: 'mobile_network_code',
      constraints: { format: 'email_or_digits' },
    });
    expect(body.meta._constraints).toEqual({
      review_required: false,
      provider_number_prefixes: { EDH: ['+25262', '+25265', '+25266'] },
      // SPEC §5: e-Dahab wallets are searched, the holder's names filled from the answer
      account_search: {
        account_field: 'mobile_wallet_number',
        when: { field: 'mobile_network_code', values: ['EDH'] },
      },
    });
  });

  it('serves the India bank form: account number, bank and an IFSC of that bank', async () => {
    const body = await schema('IN', 'bank', 'INR');
    expect(names(body)).toEqual([
      'first_name',
      'middle_name',
      'last_name',
      'account_number',
      'bank_code',
      'ifsc',
      'relationship',
      'purpose_of_transaction',
    ]);
    expect(fieldOf(body, 'account_number')?.constraints).toEqual({
      min_length: 1,
      max_length: 18,
      pattern: '^[0-9]{9,18}$',
      format: 'text',
    });
    expect(fieldOf(body, 'ifsc')).toMatchObject({
      depends_on: 'bank_code',
      constraints: { min_length: 11, max_length: 11, format: 'code' },
    });
    expect(body.meta._data_sources).toEqual({ banks: { href: '/api/v1/data-sources/banks?country=IN' } });
  });

  it('serves the Kenya bank and Somalia bank (IBAN) forms', async () => {
    expect(names(await schema('KE', 'bank', 'KES'))).toContain('bank_code');
    expect(fieldOf(await schema('SO', 'bank', 'USD'), 'iban')?.type).toBe('iban');
  });

  it('reads codes in any letter case and takes an optional source country', async () => {
    const res = await t.call('GET', `${schemaPath('ke', 'mobile', 'kes')}&source_country=gb`);
    expect(res.status).toBe(200);
    expect(res.body.data.destination_country).toBe('KE');
  });

  it('answers 404 for a corridor with no recipient form', async () => {
    for (const [country, payout, currency] of [
      ['KE', 'cash', 'KES'],
      ['KE', 'mobile', 'USD'],
      ['FR', 'bank', 'EUR'],
    ] as const) {
      const res = await t.call('GET', schemaPath(country, payout, currency));
      expect(res.status).toBe(404);
      expect(res.body.errors[0].type).toBe('urn:sarraf:error:NotFound');
    }
  });

  it('answers 400 naming the parameter for a malformed query', async () => {
    const wrongType = await t.call('GET', schemaPath('KE', 'pigeon', 'KES'));
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0].property_path).toBe('payout_type');
    const missing = await t.call('GET', `${API}/api/v1/schemas/beneficiary?destination_country=KE&payout_type=mobile`);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].property_path).toBe('destination_currency');
  });

  it("lists each country's mobile networks", async () => {
    const kenya = await t.call('GET', `${API}/api/v1/data-sources/mobile-networks?country=KE`);
    expect(kenya.status).toBe(200);
    expect(kenya.body.data).toEqual([
      { code: 'AIRTEL', name: 'Airtel Money' },
      { code: 'MPESA', name: 'Safaricom M-PESA' },
    ]);
    const somalia = await t.call('GET', `${API}/api/v1/data-sources/mobile-networks?country=SO`);
    expect(somalia.body.data).toEqual(
      expect.arrayContaining([
        { code: 'HRM', name: 'Hormuud EVC Plus' },
        { code: 'EDH', name: 'Somtel e-Dahab' },
        { code: 'GLS', name: 'Golis Sahal' },
      ]),
    );
  });

  it('lists Somali collection points with their city and address, across the country', async () => {
    const res = await t.call('GET', `${API}/api/v1/data-sources/collection-points?country=SO`);
    expect(res.status).toBe(200);
    expect(is(res.body.data, DataSourceEntries)).toBe(true);
    for (const point of res.body.data) {
      expect(point.city).toEqual(expect.any(String));
      expect(point.address).toEqual(expect.any(String));
    }
    const cities = new Set(res.body.data.map((p: { city: string }) => p.city));
    for (const city of ['Mogadishu', 'Hargeisa', 'Garowe', 'Kismayo', 'Bosaso']) expect(cities).toContain(city);
    expect(res.body.data).toContainEqual({
      code: 'MGQ-BKR',
      name: 'Bakaara Market Agent',
      city: 'Mogadishu',
      address: 'Bakaara Market, Hawl Wadaag District',
    });
  });

  it('hides a directory entry once it is no longer active', async () => {
    await t.deps.db
      .updateTable('payout_collection_points')
      .set({ active: false })
      .where('code', '=', 'BLW-CTR')
      .execute();
    const res = await t.call('GET', `${API}/api/v1/data-sources/collection-points?country=SO`);
    expect(res.body.data.map((p: { code: string }) => p.code)).not.toContain('BLW-CTR');
  });

  it('answers every data source a schema links to', async () => {
    for (const [country, payout, currency] of [
      ['KE', 'mobile', 'KES'],
      ['KE', 'bank', 'KES'],
      ['SO', 'cash', 'USD'],
      ['SO', 'mobile', 'USD'],
      ['IN', 'bank', 'INR'],
    ]) {
      const body = await schema(country as string, payout as string, currency as string);
      for (const { href } of Object.values(body.meta._data_sources)) {
        const res = await t.call('GET', `${API}${href}`);
        expect(res.status).toBe(200);
        expect(res.body.data.length).toBeGreaterThan(0);
      }
    }
  });

  it('answers an empty list for a country with no entries, 404 for an unknown source, 400 without a country', async () => {
    const empty = await t.call('GET', `${API}/api/v1/data-sources/banks?country=FR`);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([]);
    const unknown = await t.call('GET', `${API}/api/v1/data-sources/airports?country=SO`);
    expect(unknown.status).toBe(404);
    const noCountry = await t.call('GET', `${API}/api/v1/data-sources/banks`);
    expect(noCountry.status).toBe(400);
    expect(noCountry.body.errors[0].property_path).toBe('country');
  });
});
