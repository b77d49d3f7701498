import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { API, errorOf, fund, holder, openWallet, walletBalance } from './wallet-fixtures.ts';

describe.each(DATABASE_KINDS)('wallets on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('lists the currencies a customer may hold, the base currency first (wallet-currencies, currencies)', async () => {
    const h = await holder(t, 'CA');
    for (const path of ['/api/source-country/wallet-currencies', '/api/v1/currencies']) {
      const res = await t.call('GET', `${API}${path}`, { token: h.token });
      expect(res.status).toBe(200);
      expect(res.body.data.map((c: { code: string }) => c.code)).toEqual([
        'CAD',
        'GBP',
        'EUR',
        'USD',
        'SEK',
        'DKK',
        'NOK',
      ]);
      expect(res.body.data[2]).toEqual({ code: 'EUR', name: 'Euro', symbol: '€', flagCode: 'eu' });
    }
  });

  it('shows a new customer their base-currency wallet at zero', async () => {
    const h = await holder(t);
    const res = await t.call('GET', `${API}/user-wallet-account/get`, { token: h.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        accountBalance: '0.00',
        currencyCode: 'GBP',
        country: { codeIso2: 'GB', name: 'United Kingdom' },
        flagCode: 'gb',
        isUserBaseCurrency: true,
      },
    ]);
  });

  it('opens a currency wallet once (201, then 200) and lists it after the base currency', async () => {
    const h = await holder(t);
    const first = await openWallet(t, h, 'SEK');
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ currencyCode: 'SEK', accountBalance: '0.00', isUserBaseCurrency: false });
    expect((await openWallet(t, h, 'SEK')).status).toBe(200);
    const multi = await t.call('POST', `${API}/user-wallet-account/create/multicurrency`, {
      token: h.token,
      body: { currencies: ['EUR', 'USD', 'EUR'] },
    });
    expect(multi.status).toBe(201);
    expect(multi.body.data.map((w: { currencyCode: string }) => w.currencyCode)).toEqual(['EUR', 'USD']);
    const list = await t.call('GET', `${API}/user-wallet-account/get`, { token: h.token });
    expect(list.body.data.map((w: { currencyCode: string }) => w.currencyCode)).toEqual(['GBP', 'EUR', 'SEK', 'USD']);
  });

  it('refuses a wallet in a currency the customer may not hold (400) and opens nothing', async () => {
    const h = await holder(t);
    for (const currency of ['KES', 'CHF', 'gbp', '']) {
      const res = await openWallet(t, h, currency);
      expect(res.status, currency).toBe(400);
      expect(errorOf(res.body).property_path).toBe('currency');
    }
    expect(await walletBalance(t, h.id, 'CHF')).toBeUndefined();
  });

  it('answers the balances four ways, each with what the ledger holds', async () => {
    const h = await holder(t);
    await fund(t, h.id, 'GBP', 1234_56n);
    await openWallet(t, h, 'EUR');
    const byCurrency = await t.call('GET', `${API}/api/v1/wallets/balances`, { token: h.token });
    expect(byCurrency.body.data).toEqual({ GBP: '1234.56', EUR: '0.00' });
    const base = await t.call('POST', `${API}/remit/wallet/get-balance`, { token: h.token, body: {} });
    expect(base.body.data).toMatchObject({ currencyCode: 'GBP', accountBalance: '1234.56', isUserBaseCurrency: true });
    const eur = await t.call('POST', `${API}/remit/wallet/get-balance`, { token: h.token, body: { currency: 'EUR' } });
    expect(eur.body.data).toMatchObject({ currencyCode: 'EUR', accountBalance: '0.00' });
    const all = await t.call('POST', `${API}/remit/wallet/v3/get-balance`, { token: h.token, body: {} });
    expect(all.body.data.map((w: { accountBalance: string }) => w.accountBalance)).toEqual(['1234.56', '0.00']);
  });

  it('answers 404 for the balance of a wallet the customer does not hold', async () => {
    const h = await holder(t);
    const res = await t.call('POST', `${API}/remit/wallet/get-balance`, { token: h.token, body: { currency: 'NOK' } });
    expect(res.status).toBe(404);
    expect(errorOf(res.body)).toMatchObject({ type: 'urn:sarraf:error:NotFound', property_path: 'currency' });
  });

  it('never shows one customer another’s wallets', async () => {
    const rich = await holder(t);
    await fund(t, rich.id, 'GBP', 500_00n);
    await openWallet(t, rich, 'USD');
    const other = await holder(t);
    const res = await t.call('GET', `${API}/api/v1/wallets/balances`, { token: other.token });
    expect(res.body.data).toEqual({ GBP: '0.00' });
  });

  it('needs a session', async () => {
    const res = await t.call('GET', `${API}/user-wallet-account/get`);
    expect(res.status).toBe(401);
  });
});
