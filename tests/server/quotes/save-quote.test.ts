import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLiveQuote } from '../../../src/server/modules/quotes/quote-service.ts';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const SAVE_QUOTE = '/api/main/remit/remittance/save-quote';

const toKenya = { source_country_iso2: 'GB', destination_country_iso2: 'KE', payout_type: 'mobile' };
const toSomaliaCash = { source_country_iso2: 'GB', destination_country_iso2: 'SO', payout_type: 'cash' };

describe.each(DATABASE_KINDS)('POST /remit/remittance/save-quote on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await signedInCustomer(t, 'cus_amina', 'GB');
  });
  afterAll(() => t.close());

  const save = (body: unknown) => t.call('POST', SAVE_QUOTE, { token, body });

  it('shows the whole cost of £1,500 to a Kenyan bank: the £4.50 fee and the £15.00 in the rate', async () => {
    const res = await save({ ...toKenya, payout_type: 'bank', amount: '1500.00', amount_type: 'SOURCE' });
    // 1 500 × 160.25625 = 240 384.37 KES, which at the mid rate 161.875 costs exactly 1 485.00 GBP
    expect(res.body.data).toMatchObject({
      fee: '4.50',
      receive_amount: '240384.37',
      mid_rate: '161.875',
      rate_markup: '15.00',
      total_cost: '19.50',
      delivery_hours: 72,
    });
  });

  it('prices a send amount (SOURCE) and keeps the quote for ten minutes', async () => {
    const now = t.clock.now();
    const res = await save({ ...toKenya, amount: '123.45', amount_type: 'SOURCE' });
    expect(res.status).toBe(201);
    // rate 161.875 less 1.20 % = 159.9325; 123.45 × 159.9325 = 19 743.667125 → 19 743.66 KES;
    // fee band over 100.00 up to 500.00 GBP: 2.99
    expect(res.body.data).toEqual({
      quote_id: expect.stringMatching(/^q1\.[\w-]+\.[\w-]{24}$/),
      quote_expiration_time: new Date(now.getTime() + 600_000).toISOString(),
      timer: { minutes: 10, seconds: 0 },
      send_amount: '123.45',
      fee: '2.99',
      total: '126.44',
      receive_amount: '19743.66',
      rate: '159.9325',
      source_currency: 'GBP',
      destination_currency: 'KES',
      // 19 743.66 KES at the mid rate would cost 121.97 GBP: the margin costs 1.48 on top of the 2.99 fee
      mid_rate: '161.875',
      rate_markup: '1.48',
      promo_code: null,
      fee_discount: '0.00',
      total_cost: '4.47',
      delivery_hours: 1,
      source_country_iso2: 'GB',
      destination_country_iso2: 'KE',
      payout_type: 'mobile',
      amount_type: 'SOURCE',
      expired: false,
    });

    // the id is the quote itself, signed: what the transfer will be priced by
    const stored = await loadLiveQuote(t.deps, 'cus_amina', res.body.data.quote_id, t.clock.now());
    expect(stored).toMatchObject({
      customer_id: 'cus_amina',
      corridor_id: 'cor_gb_ke_mobile',
      payout_provider_name: 'sandbox-mobile-money',
      mid_rate: '161.875',
      rate: '159.9325',
      send_amount: 12345n,
      fee: 299n,
      total: 12644n,
      receive_amount: 1974366n,
      amount_type: 'SOURCE',
    });
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBe(600_000);
  });

  it('prices a receive amount (DESTINATION) with the smallest send that delivers it', async () => {
    const res = await save({ ...toKenya, amount: '10000', amount_type: 'DESTINATION' });
    expect(res.status).toBe(201);
    // 10 000 / 159.9325 = 62.5263… → 62.53 GBP (62.52 would deliver 9 998.97);
    // 62.53 × 159.9325 = 10 000.579225 → 10 000.57 KES arrive; fee 1.99 (up to 100.00 GBP)
    expect(res.body.data).toMatchObject({
      send_amount: '62.53',
      fee: '1.99',
      total: '64.52',
      receive_amount: '10000.57',
      amount_type: 'DESTINATION',
    });
  });

  it('prices Somalia cash collection in US dollars both ways', async () => {
    // GBP→USD 1.25 less 1.50 % = 1.23125
    const source = await save({ ...toSomaliaCash, amount: '200', amount_type: 'SOURCE' });
    expect(source.body.data).toMatchObject({
      rate: '1.23125',
      send_amount: '200.00',
      fee: '2.50',
      total: '202.50',
      receive_amount: '246.25',
      destination_currency: 'USD',
    });
    // 100 / 1.23125 = 81.218… → 81.22 GBP; 81.22 × 1.23125 = 100.002125 → 100.00 USD
    const destination = await save({ ...toSomaliaCash, amount: '100.00', amount_type: 'DESTINATION' });
    expect(destination.body.data).toMatchObject({
      send_amount: '81.22',
      fee: '2.50',
      total: '83.72',
      receive_amount: '100.00',
    });
  });

  it('adds the variable fee above the flat bands', async () => {
    // 0.99 + 0.40 % × 800.00 = 4.19; 800 × 159.9325 = 127 946.00 KES
    const res = await save({ ...toKenya, amount: '800', amount_type: 'SOURCE' });
    expect(res.body.data).toMatchObject({ fee: '4.19', total: '804.19', receive_amount: '127946.00' });
  });

  it.each([
    [{ ...toKenya, amount: '9.99', amount_type: 'SOURCE' }, 'The minimum you can send is 10.00 GBP'],
    [{ ...toKenya, amount: '2000.01', amount_type: 'SOURCE' }, 'The most you can send is 2,000.00 GBP'],
    // 1 000.00 × 159.9325 = 159 932.50 KES, over what a Kenyan mobile wallet may receive
    [
      { ...toKenya, amount: '1000', amount_type: 'SOURCE' },
      'The most Kenya can receive by mobile money is 150,000.00 KES',
    ],
    [
      { ...toKenya, amount: '49.99', amount_type: 'DESTINATION' },
      'The minimum Kenya can receive by mobile money is 50.00 KES',
    ],
    [
      { ...toSomaliaCash, amount: '3000.01', amount_type: 'DESTINATION' },
      'The most Somalia can receive by cash collection is 3,000.00 USD',
    ],
  ])('refuses an amount outside the corridor limits: %o', async (body, message) => {
    const before = await t.deps.db
      .selectFrom('quotes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await save(body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ type: 'urn:sarraf:error:AmountOutOfRange', message, property_path: 'amount' }]);
    const after = await t.deps.db
      .selectFrom('quotes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(String(after.n)).toBe(String(before.n));
  });

  it('accepts amounts on the limits themselves', async () => {
    expect((await save({ ...toKenya, amount: '10.00', amount_type: 'SOURCE' })).status).toBe(201);
    // 2 000.00 × 1.23125 = 2 462.50 USD, inside the 3 000.00 USD cash limit
    const most = await save({ ...toSomaliaCash, amount: '2000', amount_type: 'SOURCE' });
    expect(most.body.data).toMatchObject({ send_amount: '2000.00', receive_amount: '2462.50' });
  });

  it('keeps what arrives inside the receive limit when the amount is fixed on the receive side', async () => {
    // 149 999 / 159.9325 = 937.889… → 937.89 GBP; × 159.9325 = 149 999.092425 → 149 999.09 KES;
    // fee 0.99 + 0.40 % × 937.89 (3.75156 → 3.75) = 4.74
    const under = await save({ ...toKenya, amount: '149999', amount_type: 'DESTINATION' });
    expect(under.body.data).toMatchObject({
      send_amount: '937.89',
      fee: '4.74',
      total: '942.63',
      receive_amount: '149999.09',
    });
    // exactly the cap needs 937.90 GBP, which delivers 150 000.69 KES: over the wallet's cap, so refused
    const cap = await save({ ...toKenya, amount: '150000', amount_type: 'DESTINATION' });
    expect(cap.status).toBe(422);
    expect(cap.body.errors[0].message).toBe('The most Kenya can receive by mobile money is 150,000.00 KES');
  });

  it.each([
    [{ ...toKenya, destination_country_iso2: 'FR', amount: '50', amount_type: 'SOURCE' }, 'destination_country_iso2'],
    [{ ...toKenya, payout_type: 'wallet', amount: '50', amount_type: 'SOURCE' }, 'payout_type'],
    [{ ...toKenya, source_country_iso2: 'SE', amount: '500', amount_type: 'SOURCE' }, 'source_country_iso2'],
  ])('refuses a route without a corridor with a 400 on the field: %o', async (body, field) => {
    const res = await save(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ type: 'urn:sarraf:error:ValidationFailed', property_path: field });
  });

  it('names the country a customer may send from', async () => {
    const res = await save({ ...toKenya, source_country_iso2: 'SE', amount: '500', amount_type: 'SOURCE' });
    expect(res.body.errors[0].message).toBe('You can send only from your country of residence, United Kingdom');
    const nigerian = await signedInCustomer(t, 'cus_lagos', 'NG');
    const fromNigeria = await t.call('POST', SAVE_QUOTE, {
      token: nigerian,
      body: { ...toKenya, source_country_iso2: 'NG', amount: '50', amount_type: 'SOURCE' },
    });
    expect(fromNigeria.status).toBe(400);
    expect(fromNigeria.body.errors[0]).toMatchObject({
      message: "Sending from Nigeria isn't available",
      property_path: 'source_country_iso2',
    });
  });

  it.each([
    [{ ...toKenya, amount_type: 'SOURCE' }, 'amount'],
    [{ ...toKenya, amount: '-5', amount_type: 'SOURCE' }, 'amount'],
    [{ ...toKenya, amount: 50, amount_type: 'SOURCE' }, 'amount'],
    [{ ...toKenya, amount: '12.345', amount_type: 'SOURCE' }, 'amount'],
    [{ ...toKenya, amount: '1e3', amount_type: 'SOURCE' }, 'amount'],
    [{ ...toKenya, amount: '50', amount_type: 'BOTH' }, 'amount_type'],
    [{ ...toKenya, payout_type: 'pigeon', amount: '50', amount_type: 'SOURCE' }, 'payout_type'],
    [
      { ...toKenya, destination_country_iso2: 'Kenya', amount: '50', amount_type: 'SOURCE' },
      'destination_country_iso2',
    ],
  ])('refuses a malformed body with a 400 on the field: %o', async (body, field) => {
    const res = await save(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ type: 'urn:sarraf:error:ValidationFailed', property_path: field });
  });

  it('says how many decimals the currency has', async () => {
    const res = await save({ ...toKenya, amount: '12.345', amount_type: 'SOURCE' });
    expect(res.body.errors[0].message).toBe('GBP amounts have at most 2 decimals');
  });

  it('answers 401 without a session', async () => {
    const res = await t.call('POST', SAVE_QUOTE, { body: { ...toKenya, amount: '50', amount_type: 'SOURCE' } });
    expect(res.status).toBe(401);
  });
});
