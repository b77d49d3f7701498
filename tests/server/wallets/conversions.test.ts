import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  API,
  errorOf,
  execute,
  fund,
  type Holder,
  holder,
  newKey,
  openWallet,
  quote,
  quotedConversion,
  walletBalance,
} from './wallet-fixtures.ts';

// Sandbox feed: GBP→EUR mid = 0.92 / 0.80 = 1.15; less the 0.5 % margin = 1.14425.
const GBP_EUR = '1.14425';

describe.each(DATABASE_KINDS)('converting between wallets on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { conversionRateTtlSeconds: 60 });
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  async function funded(): Promise<Holder> {
    const h = await holder(t);
    await fund(t, h.id, 'GBP', 200_00n);
    await openWallet(t, h, 'EUR');
    return h;
  }

  const ledgerOf = (reference: string) =>
    t.deps.db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_transactions as x', 'x.id', 'p.transaction_id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(['x.kind', 'a.kind as account', 'a.owner', 'p.currency', 'p.amount'])
      .where('x.reference', '=', reference)
      .orderBy('p.id')
      .execute();

  it('quotes a rate with its expiry (exchange-rates)', async () => {
    const h = await funded();
    const res = await t.call('GET', `${API}/api/v1/exchange-rates?from_currency=GBP&to_currency=EUR`, {
      token: h.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      from_currency: 'GBP',
      to_currency: 'EUR',
      rate: GBP_EUR,
      expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString(),
      expires_in_seconds: 60,
    });
  });

  it('prices an amount at 2 decimals, truncated (currency-convert and transfer/exchange)', async () => {
    const h = await funded();
    for (const path of ['/api/v1/currency-convert', '/transfer/exchange']) {
      const res = await t.call('POST', `${API}${path}`, {
        token: h.token,
        body: { from_currency: 'GBP', to_currency: 'EUR', from_amount: '100' },
      });
      expect(res.status, path).toBe(200);
      // 100 × 1.14425 = 114.425 → 114.42
      expect(res.body.data).toMatchObject({ from_amount: '100.00', to_amount: '114.42', exchange_rate: GBP_EUR });
    }
  });

  it('converts at the quoted rate: both wallets move, through FX liquidity, in one ledger transaction', async () => {
    const h = await funded();
    const body = await quotedConversion(t, h, 'GBP', 'EUR', '100.00');
    const res = await execute(t, h, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      from_currency: 'GBP',
      to_currency: 'EUR',
      from_amount: '100.00',
      to_amount: '114.42',
      exchange_rate: GBP_EUR,
      status: 'COMPLETED',
      timestamp: t.clock.now().toISOString(),
    });
    expect(await walletBalance(t, h.id, 'GBP')).toBe(100_00n);
    expect(await walletBalance(t, h.id, 'EUR')).toBe(114_42n);
    expect(await ledgerOf(res.body.data.id)).toEqual([
      { kind: 'wallet_conversion', account: 'customer_wallet', owner: h.id, currency: 'GBP', amount: -100_00n },
      { kind: 'wallet_conversion', account: 'fx_liquidity', owner: 'platform', currency: 'GBP', amount: 100_00n },
      { kind: 'wallet_conversion', account: 'fx_liquidity', owner: 'platform', currency: 'EUR', amount: -114_42n },
      { kind: 'wallet_conversion', account: 'customer_wallet', owner: h.id, currency: 'EUR', amount: 114_42n },
    ]);
  });

  it('answers a retry with the same key with the first conversion, and converts once', async () => {
    const h = await funded();
    const body = await quotedConversion(t, h, 'GBP', 'EUR', '10.00');
    const key = newKey();
    const first = await execute(t, h, body, key);
    t.clock.advance(120_000); // the rate has expired since: the retry still gets its first answer
    const again = await execute(t, h, body, key);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await walletBalance(t, h.id, 'GBP')).toBe(190_00n);
    const other = await execute(t, h, { ...body, from_amount: '20.00', to_amount: '22.88' }, key);
    expect(other.status).toBe(422);
    expect(errorOf(other.body).type).toBe('urn:sarraf:error:IdempotencyKeyReused');
  });

  it('refuses a rate once it has expired (422 QuoteExpired) and converts nothing', async () => {
    const h = await funded();
    const body = await quotedConversion(t, h, 'GBP', 'EUR', '50.00');
    t.clock.advance(60_000);
    const res = await execute(t, h, body);
    expect(res.status).toBe(422);
    expect(errorOf(res.body)).toMatchObject({
      type: 'urn:sarraf:error:QuoteExpired',
      property_path: 'exchange_rate',
      message: 'This exchange rate has expired. Get a new rate and try again.',
    });
    expect(await walletBalance(t, h.id, 'GBP')).toBe(200_00n);
    // a new rate converts
    expect((await execute(t, h, await quotedConversion(t, h, 'GBP', 'EUR', '50.00'))).status).toBe(201);
  });

  it('refuses a rate never quoted, and a to_amount that is not from × rate (400)', async () => {
    const h = await funded();
    const body = await quotedConversion(t, h, 'GBP', 'EUR', '100.00');
    const better = await execute(t, h, { ...body, exchange_rate: '1.2', to_amount: '120.00' });
    expect(better.status).toBe(400);
    expect(errorOf(better.body).property_path).toBe('exchange_rate');
    const rounded = await execute(t, h, { ...body, to_amount: '114.43' });
    expect(rounded.status).toBe(400);
    expect(errorOf(rounded.body)).toMatchObject({ property_path: 'to_amount' });
    expect(await walletBalance(t, h.id, 'GBP')).toBe(200_00n);
  });

  it('refuses more than the wallet holds with the available balance, and changes nothing', async () => {
    const h = await funded();
    const body = await quotedConversion(t, h, 'GBP', 'EUR', '200.01');
    const res = await execute(t, h, body);
    expect(res.status).toBe(422);
    expect(errorOf(res.body)).toMatchObject({
      type: 'urn:sarraf:error:InsufficientFunds',
      message: 'Insufficient balance. Available: 200.00 GBP',
      property_path: 'from_amount',
    });
    expect(await walletBalance(t, h.id, 'GBP')).toBe(200_00n);
    expect(await walletBalance(t, h.id, 'EUR')).toBe(0n);
    const history = await t.call('GET', `${API}/api/v1/conversions`, { token: h.token });
    expect(history.body.data).toEqual([]);
  });

  it('refuses bad amounts and currencies with a 400 on the field, before quoting or converting', async () => {
    const h = await funded();
    const cases: [Record<string, string>, string][] = [
      [{ from_amount: '1.005' }, 'from_amount'],
      [{ from_amount: '0' }, 'from_amount'],
      [{ from_amount: '0.00' }, 'from_amount'],
      [{ from_amount: '-5' }, 'from_amount'],
      [{ from_amount: '1e3' }, 'from_amount'],
      [{ to_currency: 'GBP' }, 'to_currency'],
      [{ to_currency: 'KES' }, 'to_currency'],
      [{ from_currency: 'XXX' }, 'from_currency'],
    ];
    for (const [change, field] of cases) {
      const res = await t.call('POST', `${API}/api/v1/currency-convert`, {
        token: h.token,
        body: { from_currency: 'GBP', to_currency: 'EUR', from_amount: '10', ...change },
      });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(errorOf(res.body).property_path, JSON.stringify(change)).toBe(field);
      const executed = await execute(t, h, {
        from_currency: 'GBP',
        to_currency: 'EUR',
        from_amount: '10.00',
        to_amount: '11.44',
        exchange_rate: GBP_EUR,
        ...change,
      });
      expect(executed.status, JSON.stringify(change)).toBe(400);
    }
    const noKey = await execute(t, h, await quotedConversion(t, h, 'GBP', 'EUR', '10'), null);
    expect(noKey.status).toBe(400);
    expect(await walletBalance(t, h.id, 'GBP')).toBe(200_00n);
  });

  it('refuses converting into or out of a wallet the customer does not hold (404)', async () => {
    const h = await funded();
    const toUsd = await quotedConversion(t, h, 'GBP', 'USD', '10');
    const res = await execute(t, h, toUsd);
    expect(res.status).toBe(404);
    expect(errorOf(res.body).property_path).toBe('to_currency');
    const fromSek = await quotedConversion(t, h, 'SEK', 'GBP', '10');
    expect((await execute(t, h, fromSek)).status).toBe(404);
    expect(await walletBalance(t, h.id, 'USD')).toBeUndefined();
  });

  it('never honours a rate quoted to another customer, nor spends their wallet', async () => {
    const owner = await funded();
    const body = await quotedConversion(t, owner, 'GBP', 'EUR', '10.00');
    const stranger = await holder(t);
    await openWallet(t, stranger, 'EUR');
    const res = await execute(t, stranger, body);
    expect(res.status).toBe(400);
    expect(errorOf(res.body).property_path).toBe('exchange_rate');
    expect(await walletBalance(t, owner.id, 'GBP')).toBe(200_00n);
  });

  it('lists the newest 50 conversions, newest first, the customer’s own only', async () => {
    const h = await holder(t);
    await fund(t, h.id, 'GBP', 2000_00n);
    await openWallet(t, h, 'EUR');
    for (let n = 1; n <= 52; n += 1) {
      t.clock.advance(1000);
      const res = await execute(t, h, await quotedConversion(t, h, 'GBP', 'EUR', `${n}.00`));
      expect(res.status).toBe(201);
    }
    const res = await t.call('GET', `${API}/api/v1/conversions`, { token: h.token });
    expect(res.body.data).toHaveLength(50);
    expect(res.body.data[0].from_amount).toBe('52.00');
    expect(res.body.data[49].from_amount).toBe('3.00');
    const stranger = await holder(t);
    expect((await t.call('GET', `${API}/api/v1/conversions`, { token: stranger.token })).body.data).toEqual([]);
  });

  it('converts back the other way (EUR → GBP) at that pair’s own rate', async () => {
    const h = await funded();
    await execute(t, h, await quotedConversion(t, h, 'GBP', 'EUR', '100.00'));
    const back = await quote(t, h, 'EUR', 'GBP', '114.42');
    // EUR→GBP mid = 0.80 / 0.92 = 0.86956521; less 0.5 % = 0.865217 (6 decimals, truncated)
    expect(back.body.data).toMatchObject({ exchange_rate: '0.865217', to_amount: '98.99' });
  });
});
