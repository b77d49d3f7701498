import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { ApiError } from '../../../src/server/http/api-error.ts';
import { loadLiveQuote } from '../../../src/server/modules/quotes/quote-service.ts';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const SAVE_QUOTE = '/api/main/remit/remittance/save-quote';
const QUOTES = '/api/main/remit/remittance/quotes';
const GET_CHARGES = '/api/main/remit/transaction/get-charges';
const TTL_MS = 600_000;

const somaliaCash = {
  source_country_iso2: 'GB',
  destination_country_iso2: 'SO',
  payout_type: 'cash',
  amount: '200',
  amount_type: 'SOURCE',
};

describe.each(DATABASE_KINDS)('quote lifetime and ownership on %s', (kind) => {
  let t: TestApp;
  let amina: string;
  let bashir: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    amina = await signedInCustomer(t, 'cus_amina', 'GB');
    bashir = await signedInCustomer(t, 'cus_bashir', 'GB');
  });
  afterAll(() => t.close());

  async function newQuote(token = amina): Promise<string> {
    const res = await t.call('POST', SAVE_QUOTE, { token, body: somaliaCash });
    expect(res.status).toBe(201);
    return res.body.data.quote_id;
  }

  it('gives the charges of a live quote with the time left on its rate', async () => {
    const id = await newQuote();
    t.clock.advance(4 * 60_000 + 25_000);
    const res = await t.call('POST', GET_CHARGES, { token: amina, body: { quote_id: id } });
    expect(res.status).toBe(200);
    // 200.00 GBP × 1.23125 = 246.25 USD; fee 2.50 GBP (up to 250.00); 246.25 USD at the mid rate 1.25 is 197.00 GBP
    expect(res.body.data).toEqual({
      quote_id: id,
      quote_expiration_time: expect.any(String),
      timer: { minutes: 5, seconds: 35 },
      send_amount: '200.00',
      fee: '2.50',
      total: '202.50',
      receive_amount: '246.25',
      rate: '1.23125',
      source_currency: 'GBP',
      destination_currency: 'USD',
      mid_rate: '1.25',
      rate_markup: '3.00',
      promo_code: null,
      fee_discount: '0.00',
      total_cost: '5.50',
      delivery_hours: 1,
    });
  });

  it('holds the rate until the TTL and refuses it from then on', async () => {
    const id = await newQuote();
    t.clock.advance(TTL_MS - 1000);
    const live = await t.call('POST', GET_CHARGES, { token: amina, body: { quote_id: id } });
    expect(live.status).toBe(200);
    expect(live.body.data.timer).toEqual({ minutes: 0, seconds: 1 });

    t.clock.advance(1000);
    const atExpiry = await t.call('POST', GET_CHARGES, { token: amina, body: { quote_id: id } });
    expect(atExpiry.status).toBe(422);

    t.clock.advance(1000);
    const expired = await t.call('POST', GET_CHARGES, { token: amina, body: { quote_id: id } });
    expect(expired.status).toBe(422);
    expect(expired.body.errors).toEqual([
      { type: 'urn:sarraf:error:QuoteExpired', message: 'This rate has expired. Get a new rate.', property_path: null },
    ]);

    // the quote itself is still the customer's to see, marked expired with no time left
    const shown = await t.call('GET', `${QUOTES}/${id}`, { token: amina });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ quote_id: id, expired: true, timer: { minutes: 0, seconds: 0 } });

    // a new rate is one call away
    const fresh = await t.call('POST', SAVE_QUOTE, { token: amina, body: somaliaCash });
    expect(fresh.body.data).toMatchObject({ expired: false, timer: { minutes: 10, seconds: 0 } });
  });

  it('shows a customer their own quote', async () => {
    const id = await newQuote();
    const res = await t.call('GET', `${QUOTES}/${id}`, { token: amina });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      quote_id: id,
      payout_type: 'cash',
      destination_country_iso2: 'SO',
      amount_type: 'SOURCE',
      total: '202.50',
      expired: false,
    });
  });

  it("answers 404 for another customer's quote and for an unknown id, never its data", async () => {
    const id = await newQuote(amina);
    for (const target of [id, 'q_doesnotexist']) {
      const shown = await t.call('GET', `${QUOTES}/${target}`, { token: bashir });
      expect(shown.status).toBe(404);
      expect(shown.body.errors[0].type).toBe('urn:sarraf:error:NotFound');
      expect(JSON.stringify(shown.body)).not.toContain('202.50');
      const charges = await t.call('POST', GET_CHARGES, { token: bashir, body: { quote_id: target } });
      expect(charges.status).toBe(404);
    }
  });

  it('answers 404 for an altered quote id or one signed with another key: a price cannot be made up', async () => {
    const id = await newQuote(amina);
    const [version, payload, tag] = id.split('.') as [string, string, string];
    const fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    fields[13] = '1'; // the fee, in minor units
    const cheaper = `${version}.${Buffer.from(JSON.stringify(fields)).toString('base64url')}.${tag}`;
    const otherKey = createApp({ ...t.deps, config: { ...t.deps.config, quoteSigningKey: Buffer.alloc(32, 1) } });
    for (const target of [cheaper, `${id}x`, id.slice(0, -2)]) {
      expect((await t.call('GET', `${QUOTES}/${target}`, { token: amina })).status).toBe(404);
    }
    const elsewhere = await otherKey.request(`${QUOTES}/${id}`, { headers: { 'x-auth-token': amina } });
    expect(elsewhere.status).toBe(404);
  });

  it('lets the pay step load only a live quote of its own customer', async () => {
    const id = await newQuote();
    const row = await loadLiveQuote(t.deps, 'cus_amina', id, t.clock.now());
    expect(row).toMatchObject({ id, customer_id: 'cus_amina', total: 20250n, receive_amount: 24625n, rate: '1.23125' });

    await expect(loadLiveQuote(t.deps, 'cus_bashir', id, t.clock.now())).rejects.toMatchObject({
      type: 'NotFound',
    });
    const later = new Date(t.clock.now().getTime() + TTL_MS);
    const expired = loadLiveQuote(t.deps, 'cus_amina', id, later);
    await expect(expired).rejects.toBeInstanceOf(ApiError);
    await expect(expired).rejects.toMatchObject({ type: 'QuoteExpired', status: 422 });
  });

  it('takes the quote TTL from the configuration', async () => {
    const app = createApp({ ...t.deps, config: { ...t.deps.config, quoteTtlSeconds: 30 } });
    const call = async (path: string, body: unknown) => {
      const res = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-token': amina },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const saved = await call(SAVE_QUOTE, somaliaCash);
    expect(saved.body.data.timer).toEqual({ minutes: 0, seconds: 30 });
    t.clock.advance(31_000);
    expect((await call(GET_CHARGES, { quote_id: saved.body.data.quote_id })).status).toBe(422);
  });

  it('refuses a get-charges body without a quote id', async () => {
    const res = await t.call('POST', GET_CHARGES, { token: amina, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ type: 'urn:sarraf:error:ValidationFailed', property_path: 'quote_id' });
  });

  it('answers 401 without a session', async () => {
    const id = await newQuote();
    expect((await t.call('GET', `${QUOTES}/${id}`)).status).toBe(401);
    expect((await t.call('POST', GET_CHARGES, { body: { quote_id: id } })).status).toBe(401);
  });
});
