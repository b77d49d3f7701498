import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { KENYA_MOBILE } from '../../support/fx-rate-options.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const FX_RATES = '/api/main/api/v2/fx-rates';

describe.each(DATABASE_KINDS)('GET /api/v2/fx-rates on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await signedInCustomer(t, 'cus_rates', 'GB');
  });
  afterAll(() => t.close());

  it('lists every corridor from the source country with limits, rate, fees and the default payout type', async () => {
    const res = await t.call('GET', `${FX_RATES}?source_country_iso2=GB`, { token });
    expect(res.status).toBe(200);
    const summary = res.body.data.map((o: any) => [
      o.destination_country_iso2,
      o.destination_currency_code,
      o.payout_type,
      o.is_default_payout_type,
      o.rate,
      o.delivery_hours,
    ]);
    // mid rates from the sandbox table (units per USD: GBP 0.80, KES 129.50, INR 84.00, PKR 280, UGX 3700):
    // GBP→INR 105 less 0.80 %; GBP→KES 161.875 less 1.20 % (mobile, card) or 1.00 % (bank); GBP→USD 1.25 less 1.50 %;
    // GBP→PKR 350 less 1.00 % (bank), 1.30 % (cash), 1.20 % (wallet); GBP→UGX 4625 less 1.50 % (mobile)
    expect(summary.filter(([country]: [string]) => ['IN', 'KE', 'SO', 'PK', 'UG'].includes(country))).toEqual([
      ['IN', 'INR', 'bank', true, '104.16', 24],
      ['KE', 'KES', 'mobile', true, '159.9325', 1],
      ['KE', 'KES', 'bank', false, '160.25625', 72],
      ['KE', 'KES', 'card', false, '159.9325', 1],
      ['PK', 'PKR', 'bank', true, '346.5', 24],
      ['PK', 'PKR', 'cash', false, '345.45', 1],
      ['PK', 'PKR', 'wallet', false, '345.8', 1],
      ['SO', 'USD', 'cash', true, '1.23125', 1],
      ['SO', 'USD', 'bank', false, '1.23375', 48],
      ['SO', 'USD', 'mobile', false, '1.23125', 1],
      ['UG', 'UGX', 'mobile', true, '4555.625', 1],
      ['UG', 'UGX', 'bank', false, '4569.5', 48],
    ]);
    expect(new Set(res.body.data.map((o: any) => o.destination_country_iso2))).toEqual(
      new Set(['BD', 'ET', 'IN', 'KE', 'NG', 'PH', 'PK', 'SO', 'UG']),
    );
    expect(res.body.data.find((o: any) => o.destination_country_iso2 === 'KE')).toEqual(KENYA_MOBILE);
  });

  it('answers the same list again at the same rates, and the new rate as soon as the feed moves', async () => {
    const somaliaCash = async () => {
      const res = await t.call('GET', `${FX_RATES}?source_country_iso2=GB&destination_country_iso2=SO`, { token });
      expect(res.status).toBe(200);
      return res.body.data.find((o: any) => o.payout_type === 'cash').rate;
    };
    const feedSays = async (rate: string) => {
      const moved = await t.call('POST', '/sandbox/fx-rates', {
        body: { from_currency: 'GBP', to_currency: 'USD', rate },
      });
      expect(moved.status).toBe(201);
    };
    expect(await somaliaCash()).toBe('1.23125');
    expect(await somaliaCash()).toBe('1.23125');
    await feedSays('1.3');
    // 1.30 less the corridor's 1.50 %
    expect(await somaliaCash()).toBe('1.2805');
    await feedSays('1.25');
    expect(await somaliaCash()).toBe('1.23125');
  });

  it('flags exactly one default payout type per destination', async () => {
    const res = await t.call('GET', `${FX_RATES}?source_country_iso2=GB`, { token });
    const defaults = new Map<string, number>();
    for (const o of res.body.data) {
      defaults.set(
        o.destination_country_iso2,
        (defaults.get(o.destination_country_iso2) ?? 0) + Number(o.is_default_payout_type),
      );
    }
    expect([...defaults.values()]).toEqual(Array(9).fill(1));
  });

  it('filters by destination country and by payout provider', async () => {
    const kenya = await t.call('GET', `${FX_RATES}?source_country_iso2=GB&destination_country_iso2=KE`, { token });
    expect(kenya.body.data.map((o: any) => o.payout_type)).toEqual(['mobile', 'bank', 'card']);

    const cash = await t.call('GET', `${FX_RATES}?source_country_iso2=GB&payout_provider_name=sandbox-cash-pickup`, {
      token,
    });
    expect(cash.body.data.map((o: any) => [o.destination_country_iso2, o.payout_type])).toEqual([
      ['BD', 'cash'],
      ['ET', 'cash'],
      ['NG', 'cash'],
      ['PH', 'cash'],
      ['PK', 'cash'],
      ['SO', 'cash'],
    ]);

    const none = await t.call('GET', `${FX_RATES}?source_country_iso2=GB&destination_country_iso2=FR`, { token });
    expect(none).toMatchObject({ status: 200, body: { data: [] } });
  });

  it('prices another source country in its own currency', async () => {
    const res = await t.call('GET', `${FX_RATES}?source_country_iso2=SE&destination_country_iso2=SO`, { token });
    // SEK→USD = 1 / 10.40 = 0.09615384 (8 decimals), less 1.50 % = 0.0947115324 → 0.094711
    expect(res.body.data.map((o: any) => [o.source_currency_code, o.payout_type, o.rate, o.min_send_amount])).toEqual([
      ['SEK', 'cash', '0.094711', '100.00'],
      ['SEK', 'bank', '0.094903', '120.00'],
      ['SEK', 'mobile', '0.094711', '50.00'],
    ]);
  });

  it('refuses a missing or malformed source country with a 400 naming the field', async () => {
    const missing = await t.call('GET', FX_RATES, { token });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({
      type: 'urn:sarraf:error:ValidationFailed',
      property_path: 'source_country_iso2',
    });
    const lower = await t.call('GET', `${FX_RATES}?source_country_iso2=gb`, { token });
    expect(lower.status).toBe(400);
    expect(lower.body.errors[0].property_path).toBe('source_country_iso2');
    const badDestination = await t.call('GET', `${FX_RATES}?source_country_iso2=GB&destination_country_iso2=KEN`, {
      token,
    });
    expect(badDestination.body.errors[0].property_path).toBe('destination_country_iso2');
  });

  it('answers 401 without a session', async () => {
    const res = await t.call('GET', `${FX_RATES}?source_country_iso2=GB`);
    expect(res.status).toBe(401);
    expect(res.body.errors[0].type).toBe('urn:sarraf:error:Unauthorized');
  });
});
