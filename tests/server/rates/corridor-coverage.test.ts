import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { addRecipient, create, saveQuote } from '../transfers/transfer-fixtures.ts';

const API = '/api/main';
const compliance = { relationship: 'sibling', purpose_of_transaction: 'family_support' };

/** A valid recipient of each payout type new corridors brought, with the directory entry they name. */
const RECIPIENTS = [
  {
    destination_country: 'ET',
    payout_type: 'bank',
    destination_currency: 'ETB',
    values: { first_name: 'Selam', last_name: 'Tesfaye', account_number: '1000123456789', bank_code: 'CBE' },
  },
  {
    destination_country: 'UG',
    payout_type: 'mobile',
    destination_currency: 'UGX',
    values: { first_name: 'Nakato', last_name: 'Okello', mobile: '+256 772 123 456', mobile_network_code: 'MTN' },
  },
  {
    destination_country: 'NG',
    payout_type: 'bank',
    destination_currency: 'NGN',
    values: { first_name: 'Chinedu', last_name: 'Okafor', account_number: '0123456789', bank_code: '058' },
  },
  {
    destination_country: 'PK',
    payout_type: 'bank',
    destination_currency: 'PKR',
    values: { first_name: 'Ayesha', last_name: 'Khan', iban: 'PK93 MEZN 0000 0012 3456 7890', bank_code: 'MEZN' },
  },
  {
    destination_country: 'PK',
    payout_type: 'wallet',
    destination_currency: 'PKR',
    values: { first_name: 'Bilal', last_name: 'Ahmed', mobile: '0301 2345678', mobile_network_code: 'JAZZCASH' },
  },
  {
    destination_country: 'BD',
    payout_type: 'bank',
    destination_currency: 'BDT',
    values: {
      first_name: 'Rahim',
      last_name: 'Uddin',
      account_number: '1234567890123',
      bank_code: 'DBBL',
      routing_number: '090261234',
    },
  },
  {
    destination_country: 'PH',
    payout_type: 'cash',
    destination_currency: 'PHP',
    values: { first_name: 'Maria', last_name: 'Santos', mobile: '+63 917 123 4567', collection_point_code: 'MNL-ERM' },
  },
];

describe.each(DATABASE_KINDS)('every corridor can be used on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await signedInCustomer(t, 'cus_coverage', 'GB');
  });
  afterAll(() => t.close());

  it('has a recipient form for every corridor of every source country', async () => {
    const rows = await t.deps.db
      .selectFrom('corridors')
      .select(['destination_country_iso2', 'payout_type', 'destination_currency'])
      .distinct()
      .where('active', '=', true)
      .execute();
    expect(rows.length).toBe(24);
    for (const row of rows) {
      const res = await t.call(
        'GET',
        `${API}/api/v1/schemas/beneficiary?destination_country=${row.destination_country_iso2}&payout_type=${row.payout_type}&destination_currency=${row.destination_currency}`,
        { token },
      );
      expect(res.status, `${row.destination_country_iso2} ${row.payout_type}`).toBe(200);
    }
  });

  it.each(RECIPIENTS)(
    'quotes and creates a transfer to a $payout_type recipient in $destination_country',
    async (recipient) => {
      const beneficiaryId = await addRecipient(t, token, {
        ...recipient,
        values: { ...recipient.values, ...compliance },
      });
      const quoteId = await saveQuote(t, token, {
        source_country_iso2: 'GB',
        destination_country_iso2: recipient.destination_country,
        payout_type: recipient.payout_type,
        amount: '250.00',
        amount_type: 'SOURCE',
      });
      const res = await create(t, token, {
        quote_id: quoteId,
        beneficiary_id: beneficiaryId,
        purpose_of_transaction: 'family_support',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data).toMatchObject({ dest_currency: recipient.destination_currency, status: 'AWAITING' });
    },
  );

  it('refuses a recipient whose fields break the corridor’s rules, field by field', async () => {
    const res = await t.call('POST', `${API}/api/v1/beneficiaries`, {
      token,
      body: {
        destination_country: 'NG',
        payout_type: 'bank',
        destination_currency: 'NGN',
        values: {
          first_name: 'Chinedu',
          last_name: 'Okafor',
          account_number: '12345',
          bank_code: '058',
          ...compliance,
        },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: any) => e.property_path)).toEqual(['values.account_number']);
  });
});
