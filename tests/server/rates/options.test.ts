import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const OPTIONS = '/api/main/remit/options';

describe.each(DATABASE_KINDS)('the /remit/options calls on %s', (kind) => {
  let t: TestApp;
  let gb: string;
  let us: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    gb = await signedInCustomer(t, 'cus_options_gb', 'GB');
    us = await signedInCustomer(t, 'cus_options_us', 'US');
  });
  afterAll(() => t.close());

  it('get-rates shows each corridor rate beside the mid-market rate it is made from', async () => {
    const res = await t.call('POST', `${OPTIONS}/get-rates`, {
      token: gb,
      body: { source_country_iso2: 'GB', destination_country_iso2: 'KE' },
    });
    expect(res.status).toBe(200);
    // GBP→KES mid 129.50 / 0.80 = 161.875; mobile and card less 1.20 %, bank less 1.00 %
    expect(res.body.data).toEqual([
      {
        source_currency_code: 'GBP',
        destination_country_iso2: 'KE',
        destination_currency_code: 'KES',
        payout_type: 'mobile',
        mid_rate: '161.875',
        rate: '159.9325',
        margin_bps: 120,
      },
      {
        source_currency_code: 'GBP',
        destination_country_iso2: 'KE',
        destination_currency_code: 'KES',
        payout_type: 'bank',
        mid_rate: '161.875',
        rate: '160.25625',
        margin_bps: 100,
      },
      {
        source_currency_code: 'GBP',
        destination_country_iso2: 'KE',
        destination_currency_code: 'KES',
        payout_type: 'card',
        mid_rate: '161.875',
        rate: '159.9325',
        margin_bps: 120,
      },
    ]);
  });

  it('get-source-countries lists every source country with the destinations it reaches', async () => {
    const res = await t.call('POST', `${OPTIONS}/get-source-countries`, { token: gb });
    expect(res.status).toBe(200);
    const everywhere = ['BD', 'ET', 'IN', 'KE', 'NG', 'PH', 'PK', 'SO', 'UG'];
    expect(res.body.data.map((c: any) => [c.iso2, c.currency])).toEqual([
      ['SE', 'SEK'],
      ['GB', 'GBP'],
      ['BE', 'EUR'],
      ['DK', 'DKK'],
      ['PL', 'PLN'],
      ['NO', 'NOK'],
      ['IT', 'EUR'],
      ['FR', 'EUR'],
      ['CA', 'CAD'],
      ['CH', 'CHF'],
      ['HR', 'EUR'],
      ['US', 'USD'],
    ]);
    for (const country of res.body.data) expect(country.destinations).toEqual(everywhere);
  });

  it('get-mobile-operators names the networks and the prefixes one of them is limited to', async () => {
    const somalia = await t.call('POST', `${OPTIONS}/get-mobile-operators`, {
      token: gb,
      body: { country_iso2: 'SO' },
    });
    expect(somalia.body.data).toEqual([
      { code: 'GLS', name: 'Golis Sahal', number_prefixes: [] },
      { code: 'HRM', name: 'Hormuud EVC Plus', number_prefixes: [] },
      { code: 'EDH', name: 'Somtel e-Dahab', number_prefixes: ['+25262', '+25265', '+25266'] },
      { code: 'ZAAD', name: 'Telesom ZAAD', number_prefixes: [] },
    ]);
    const uganda = await t.call('POST', `${OPTIONS}/get-mobile-operators`, { token: gb, body: { country_iso2: 'UG' } });
    expect(uganda.body.data.map((o: any) => o.code)).toEqual(['AIRTEL', 'MTN']);
    const none = await t.call('POST', `${OPTIONS}/get-mobile-operators`, { token: gb, body: { country_iso2: 'FR' } });
    expect(none).toMatchObject({ status: 200, body: { data: [] } });
  });

  it('get-transaction-options lists the payout type’s own directory, the processor and the delivery time', async () => {
    const cash = await t.call('POST', `${OPTIONS}/get-transaction-options`, {
      token: gb,
      body: { destination_country_iso2: 'SO', payout_type: 'cash' },
    });
    expect(cash.status).toBe(200);
    expect(cash.body.data).toMatchObject({
      payment_types: ['card', 'wallet', 'bank', 'trustly'],
      delivery_banks: [],
      mobile_operators: [],
      payment_processor: 'sandbox-cash-pickup',
      delivery_hours: 1,
    });
    const cities = new Set(cash.body.data.collection_points.map((p: any) => p.city));
    for (const city of ['Hargeisa', 'Berbera', 'Burao', 'Borama', 'Erigavo', 'Las Anod', 'Mogadishu']) {
      expect(cities).toContain(city);
    }

    const bank = await t.call('POST', `${OPTIONS}/get-transaction-options`, {
      token: gb,
      body: { destination_country_iso2: 'NG', payout_type: 'bank' },
    });
    expect(bank.body.data.delivery_banks.map((b: any) => b.code)).toEqual(['044', '011', '058', '033', '057']);
    expect(bank.body.data).toMatchObject({ collection_points: [], payment_processor: 'sandbox-bank-transfer' });

    const wallet = await t.call('POST', `${OPTIONS}/get-transaction-options`, {
      token: gb,
      body: { destination_country_iso2: 'PH', payout_type: 'wallet' },
    });
    expect(wallet.body.data.mobile_operators.map((o: any) => o.name)).toEqual(['GCash', 'Maya']);
  });

  it('payout-processor answers for the sender’s own country', async () => {
    const res = await t.call('GET', `${OPTIONS}/payout-processor?destination_country_iso2=ET&payout_type=bank`, {
      token: us,
    });
    expect(res.body.data).toEqual({
      destination_country_iso2: 'ET',
      payout_type: 'bank',
      payout_provider_name: 'sandbox-bank-transfer',
      delivery_hours: 48,
    });
  });

  it('a payout type a destination does not have is refused on its field, and bad input changes nothing', async () => {
    const india = await t.call('POST', `${OPTIONS}/get-transaction-options`, {
      token: gb,
      body: { destination_country_iso2: 'IN', payout_type: 'cash' },
    });
    expect(india.status).toBe(400);
    expect(india.body.errors[0]).toMatchObject({ property_path: 'payout_type' });
    const nowhere = await t.call('GET', `${OPTIONS}/payout-processor?destination_country_iso2=FR&payout_type=bank`, {
      token: gb,
    });
    expect(nowhere.body.errors[0]).toMatchObject({ property_path: 'destination_country_iso2' });
    const bad = await t.call('POST', `${OPTIONS}/get-mobile-operators`, { token: gb, body: { country_iso2: 'som' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].property_path).toBe('country_iso2');
    const missing = await t.call('POST', `${OPTIONS}/get-rates`, { token: gb, body: {} });
    expect(missing.body.errors[0].property_path).toBe('source_country_iso2');
  });

  it('every call needs a session', async () => {
    for (const [method, path] of [
      ['POST', 'get-rates'],
      ['POST', 'get-source-countries'],
      ['POST', 'get-mobile-operators'],
      ['POST', 'get-transaction-options'],
      ['GET', 'payout-processor?destination_country_iso2=KE&payout_type=mobile'],
    ] as const) {
      const res = await t.call(method, `${OPTIONS}/${path}`, method === 'POST' ? { body: {} } : {});
      expect(res.status).toBe(401);
    }
  });
});
