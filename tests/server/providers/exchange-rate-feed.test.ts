import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerRate } from '../../../src/domain/pricing.ts';
import { loadConfig } from '../../../src/server/config.ts';
import type { ExchangeRateApiRates } from '../../../src/server/providers/fx-rates/exchangerate-api-rates.ts';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { KENYA_MOBILE_QUOTE } from '../../support/fx-rate-options.ts';
import { LocalExchangeRateFeed } from '../../support/local-exchange-rate-feed.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const SAVE_QUOTE = '/api/main/remit/remittance/save-quote';

/** Every currency a corridor or a wallet uses, as the feed publishes them: units per US dollar. */
const FEED_RATES = {
  GBP: 0.79,
  EUR: 0.93,
  SEK: 10.61,
  NOK: 10.82,
  DKK: 6.93,
  CAD: 1.38,
  CHF: 0.88,
  PLN: 3.95,
  KES: 130.25,
  INR: 84.3,
  SOS: 571.5,
  ETB: 126.4,
  UGX: 3702.5,
  NGN: 1598.2,
  PKR: 278.9,
  BDT: 119.7,
  PHP: 58.45,
};
const HOUR = 3600_000;

describe.each(DATABASE_KINDS)('quotes priced from exchangerate-api.com (FX_RATES=exchangerate-api) on %s', (kind) => {
  let feed: LocalExchangeRateFeed;
  let t: TestApp;
  let customers = 0;
  beforeAll(async () => {
    feed = await LocalExchangeRateFeed.start();
    feed.ratesPerUsd = FEED_RATES;
    t = await createTestApp(kind, { providers: { ...loadConfig({}).providers, fxRates: feed.settings() } });
    feed.generatedAt = t.clock.now();
  });
  afterAll(async () => {
    await t.close();
    await feed.close();
  });

  /** A quote for a customer signed in now (the test moves the clock by hours: a session would end). */
  const quote = async () => {
    customers += 1;
    const token = await signedInCustomer(t, `cus_feed_${kind}_${customers}`, 'GB');
    return t.call('POST', SAVE_QUOTE, { token, body: KENYA_MOBILE_QUOTE });
  };

  it('prices a quote from the feed’s rates, with the corridor’s margin on top, through requests its description accepts', async () => {
    const res = await quote();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // GBP→KES = 130.25 / 0.79 = 164.873417721…, truncated to 8 decimals; mobile money to Kenya keeps 1.20 %
    expect(customerRate('164.87341772', 120n)).toBe(res.body.data.rate);
    expect(res.body.data.rate).toBe('162.894936');
    expect(feed.requests).toEqual([{ path: '/v4/latest/USD', problems: [] }]);
    // every corridor currency is priced from the one set
    for (const currency of Object.keys(FEED_RATES)) {
      await expect(t.deps.providers.fxRates.midRate('GBP', currency)).resolves.toMatchObject({
        asOf: feed.generatedAt,
      });
    }
    expect(feed.requests).toHaveLength(1);
  });

  it('keeps the last good rates when a fetch fails, and fetches again on schedule', async () => {
    const rates = t.deps.providers.fxRates as ExchangeRateApiRates;
    feed.status = 500;
    t.clock.advance(2 * HOUR);
    await expect(rates.refresh()).rejects.toThrow('the FX feed answered 500');
    expect((await quote()).body.data.rate, 'the last good set still prices').toBe('162.894936');
    // that quote found a fetch due and started one in the background: let it fail before the feed recovers
    await expect(rates.refresh()).rejects.toThrow('the FX feed answered 500');

    feed.status = 200;
    feed.ratesPerUsd = { ...FEED_RATES, KES: 131 };
    feed.generatedAt = t.clock.now();
    const before = feed.requests.length;
    t.clock.advance(HOUR);
    // a fetch is due: this quote is priced on the set in hand while the next one comes
    expect((await quote()).body.data.rate).toBe('162.894936');
    await vi.waitFor(() => expect(feed.requests.length).toBeGreaterThan(before));
    await vi.waitFor(async () => expect((await rates.midRate('GBP', 'KES')).rate).toBe('165.82278481'));
    // 131 / 0.79 = 165.82278481 less 1.20 %
    expect((await quote()).body.data.rate).toBe(customerRate('165.82278481', 120n));
    expect(feed.requests.every((request) => request.problems.length === 0)).toBe(true);
  });

  it('refuses to quote on rates older than FX_MAX_AGE_SECONDS: 503 RatesUnavailable in the error envelope', async () => {
    feed.status = 503;
    t.clock.advance(27 * HOUR);
    const refused = await quote();
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      errors: [
        {
          type: 'urn:sarraf:error:RatesUnavailable',
          message: 'Rates are being updated. Please try again in a few minutes.',
          property_path: null,
        },
      ],
    });
    // the feed serves again, but what it has is as old: still refused
    feed.status = 200;
    t.clock.advance(HOUR);
    expect((await quote()).status).toBe(503);
    // fresh rates: quoting again
    feed.generatedAt = t.clock.now();
    t.clock.advance(HOUR);
    expect((await quote()).status).toBe(201);
    expect(feed.requests.every((request) => request.problems.length === 0)).toBe(true);
  });
});
