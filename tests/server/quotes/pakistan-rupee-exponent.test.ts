import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLiveQuote } from '../../../src/server/modules/quotes/quote-service.ts';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const FX_RATES = '/api/main/api/v2/fx-rates?source_country_iso2=GB';
const SAVE_QUOTE = '/api/main/remit/remittance/save-quote';
const toPakistanBank = { source_country_iso2: 'GB', destination_country_iso2: 'PK', payout_type: 'bank' };

/**
 * PKR has 2 decimals in ISO 4217 (Node's locale data says 0): the API's
 * rupee amounts are paisa-exact in both directions, and the seeded corridor's
 * limits are the rupees the price list meant (1 000 to 5 000 000).
 */
describe.each(DATABASE_KINDS)('Pakistan rupee amounts to the paisa on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await signedInCustomer(t, 'cus_pk', 'GB');
  });
  afterAll(() => t.close());

  it('lists the Pakistan bank corridor with its limits in rupees and paisa', async () => {
    const res = await t.call('GET', FX_RATES, { token });
    expect(res.status).toBe(200);
    const pk = res.body.data.find(
      (o: { destination_country_iso2: string; payout_type: string }) =>
        o.destination_country_iso2 === 'PK' && o.payout_type === 'bank',
    );
    expect(pk).toMatchObject({
      destination_currency_code: 'PKR',
      min_destination_amount: '1000.00',
      max_destination_amount: '5000000.00',
    });
  });

  it('takes a receive amount with paisa and answers what it stored, paisa for paisa', async () => {
    const res = await t.call('POST', SAVE_QUOTE, {
      token,
      body: { ...toPakistanBank, amount: '12345.67', amount_type: 'DESTINATION' },
    });
    expect(res.status).toBe(201);
    // the smallest whole-penny send that delivers at least the amount asked (SPEC §5), so a few paisa over
    const receive: string = res.body.data.receive_amount;
    expect(receive).toMatch(/^12345\.\d{2}$/);
    const stored = await loadLiveQuote(t.deps, 'cus_pk', res.body.data.quote_id, t.clock.now());
    expect(stored?.receive_amount).toBe(BigInt(receive.replace('.', '')));
    expect(stored?.receive_amount).toBeGreaterThanOrEqual(1234567n);
  });

  it('refuses a third decimal of a rupee and says how many it has', async () => {
    const res = await t.call('POST', SAVE_QUOTE, {
      token,
      body: { ...toPakistanBank, amount: '12345.678', amount_type: 'DESTINATION' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ message: 'PKR amounts have at most 2 decimals', property_path: 'amount' }),
    ]);
  });
});
