import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../src/server/auth/sessions.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { LocalPushEndpoint } from '../../support/local-push-endpoint.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { tokenize } from '../card-gateway/card-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import { answerChallenge, CARDS } from '../transfers/transfer-fixtures.ts';
import { API, errorOf, type Holder, holder, newKey, openWallet, walletBalance } from './wallet-fixtures.ts';

describe.each(DATABASE_KINDS)('wallet top-up by card on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  function topUp(h: Holder, body: Record<string, string>, key: string | null = newKey()) {
    return t.call('POST', `${API}/remit/wallet/top-up`, {
      token: h.token,
      body,
      headers: key === null ? {} : { 'Idempotency-Key': key },
    });
  }
  const topUpWith = async (h: Holder, number: string, amount = '50.00', currency = 'GBP') =>
    topUp(h, { currency, amount, card_token: await tokenize(t, { number }) });
  const status = (h: Holder, id: string) => t.call('GET', `${API}/remit/wallet/top-up/${id}`, { token: h.token });

  it('lists the top-up limits and fee of each held wallet (get-topup-options)', async () => {
    const h = await holder(t);
    await openWallet(t, h, 'EUR');
    const res = await t.call('GET', `${API}/remit/wallet/get-topup-options`, { token: h.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { currency: 'GBP', min_amount: '1.00', max_amount: '5000.00', fee: '0.00', methods: ['card', 'bank_link'] },
      { currency: 'EUR', min_amount: '1.00', max_amount: '5000.00', fee: '0.00', methods: ['card', 'bank_link'] },
    ]);
  });

  it('credits the wallet when the card is approved, through card settlement', async () => {
    const h = await holder(t);
    const res = await topUpWith(h, CARDS.approves, '50.00');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'APPROVED', code: 'approved', amount: '50.00', balance: '50.00' });
    expect(await walletBalance(t, h.id, 'GBP')).toBe(50_00n);
  });

  it('tells the customer in the bell and by push once the money is in the wallet, and only then', async () => {
    const pushService = await LocalPushEndpoint.start();
    try {
      const h = await holder(t);
      const subscription = pushService.subscription(h.id);
      const subscribed = await t.call('POST', `${API}/user/push-subscriptions`, { token: h.token, body: subscription });
      expect(subscribed.status).toBe(201);
      const pushesQueued = async () =>
        (
          await t.deps.db.selectFrom('outbox_events').select('payload').where('topic', '=', 'push.send').execute()
        ).filter((event) => JSON.stringify(event.payload).includes(subscribed.body.data.id));

      expect((await topUpWith(h, CARDS.declined)).body.data.status).toBe('DECLINED');
      const approved = await topUpWith(h, CARDS.approves, '50.00');
      expect(approved.body.data.status).toBe('APPROVED');
      // asked about again: told once
      await status(h, approved.body.data.id);

      const bell = await t.call('GET', `${API}/user/messages`, { token: h.token });
      expect(bell.body.data).toEqual([
        expect.objectContaining({
          category: 'wallet',
          title_key: 'wallet_credit.top_up',
          params: { amount: '50.00', currency: 'GBP' },
          viewed: false,
        }),
      ]);
      const pushes = await pushesQueued();
      expect(pushes).toHaveLength(1);
      expect(JSON.stringify(pushes[0]?.payload)).toContain('Your wallet was topped up');
    } finally {
      await pushService.close();
    }
  });

  it('leaves the balance alone until the 3-D Secure challenge is passed, then credits it once', async () => {
    const h = await holder(t);
    const res = await topUpWith(h, CARDS.challenge, '25.00');
    expect(res.body.data).toMatchObject({ status: 'WAITING', code: null, balance: '0.00' });
    const challengeUrl: string = res.body.data.challenge_url;
    expect(challengeUrl).toMatch(/^\/sandbox\/gateway\/3ds\//);
    expect((await status(h, res.body.data.id)).body.data.status).toBe('WAITING');
    expect(await walletBalance(t, h.id, 'GBP')).toBeUndefined();

    const back = await answerChallenge(t, challengeUrl, 'success');
    const location = new URL(back.headers.get('location') ?? '', 'http://localhost');
    expect(location.pathname).toBe('/checkout-card-enrollment/return');
    expect(location.searchParams.get('routeName')).toBe('wallet-top-up');
    expect(location.searchParams.get('top_up_id')).toBe(res.body.data.id);

    const [a, b] = await Promise.all([status(h, res.body.data.id), status(h, res.body.data.id)]);
    expect(a.body.data).toMatchObject({ status: 'APPROVED', balance: '25.00' });
    expect(b.body.data.status).toBe('APPROVED');
    expect(await walletBalance(t, h.id, 'GBP')).toBe(25_00n);
  });

  it('a failed challenge, a declined card or an Amex never changes the balance', async () => {
    const h = await holder(t);
    const challenged = await topUpWith(h, CARDS.challenge);
    await answerChallenge(t, challenged.body.data.challenge_url, 'failure');
    expect((await status(h, challenged.body.data.id)).body.data).toMatchObject({ status: 'DECLINED' });
    const declined = await topUpWith(h, CARDS.declined);
    expect(declined.body.data).toMatchObject({ status: 'DECLINED', code: 'payment_was_declined_by_bank' });
    const amex = await topUpWith(h, CARDS.amex);
    expect(amex.body.data).toMatchObject({ status: 'DECLINED', code: 'we_do_not_accept_this_card_type' });
    expect(await walletBalance(t, h.id, 'GBP')).toBeUndefined();
  });

  it('answers a retry with the same key with the same top-up, charged and credited once', async () => {
    const h = await holder(t);
    const body = { currency: 'GBP', amount: '10.00', card_token: await tokenize(t) };
    const key = newKey();
    const [first, second] = await Promise.all([topUp(h, body, key), topUp(h, body, key)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(await walletBalance(t, h.id, 'GBP')).toBe(10_00n);
    const other = await topUp(h, { ...body, amount: '11.00' }, key);
    expect(other.status).toBe(422);
  });

  it('refuses bad amounts, wallets not held and a missing key, and charges nothing', async () => {
    const h = await holder(t);
    const card_token = await tokenize(t);
    const cases: [Record<string, string>, number, string][] = [
      [{ amount: '0' }, 400, 'amount'],
      [{ amount: '-1' }, 400, 'amount'],
      [{ amount: '1.001' }, 400, 'amount'],
      [{ amount: '0.99' }, 422, 'amount'],
      [{ amount: '5000.01' }, 422, 'amount'],
      [{ currency: 'USD' }, 404, 'currency'],
      [{ currency: 'KES' }, 400, 'currency'],
    ];
    for (const [change, code, field] of cases) {
      const res = await topUp(h, { currency: 'GBP', amount: '10.00', card_token, ...change });
      expect(res.status, JSON.stringify(change)).toBe(code);
      expect(errorOf(res.body).property_path).toBe(field);
    }
    expect((await topUp(h, { currency: 'GBP', amount: '10.00', card_token }, null)).status).toBe(400);
    expect(await walletBalance(t, h.id, 'GBP')).toBeUndefined();
    const charges = await t.deps.db.selectFrom('payins').selectAll().where('customer_id', '=', h.id).execute();
    expect(charges).toEqual([]);
  });

  it('answers 404 for another customer’s top-up', async () => {
    const owner = await holder(t);
    const res = await topUpWith(owner, CARDS.approves);
    const stranger = await holder(t);
    expect((await status(stranger, res.body.data.id)).status).toBe(404);
  });
});

describe.each(DATABASE_KINDS)('wallet statistics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('sums money in and out of one wallet per month for the last 12 months, oldest first', async () => {
    const h = await holder(t);
    await openWallet(t, h, 'EUR');
    const top = await t.call('POST', `${API}/remit/wallet/top-up`, {
      token: h.token,
      body: { currency: 'GBP', amount: '50.00', card_token: await tokenize(t) },
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(top.body.data.status).toBe('APPROVED');
    t.clock.advance(31 * 24 * 3600 * 1000); // 2026-01-15 → 2026-02-15
    h.token = (await createSession(t.deps.db, t.deps.config, t.clock, h.id)).token; // the old session has ended
    const q = await t.call('POST', `${API}/api/v1/currency-convert`, {
      token: h.token,
      body: { from_currency: 'GBP', to_currency: 'EUR', from_amount: '10' },
    });
    const { from_currency, to_currency, from_amount, to_amount, exchange_rate } = q.body.data;
    const converted = await t.call('POST', `${API}/api/v1/conversions/execute`, {
      token: h.token,
      body: { from_currency, to_currency, from_amount, to_amount, exchange_rate },
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(converted.status).toBe(201);

    const res = await t.call('GET', `${API}/remit/wallet/statistics`, { token: h.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(12);
    expect(res.body.data[0]).toEqual({ month: '2025-03', money_in: '0.00', money_out: '0.00' });
    expect(res.body.data.slice(-2)).toEqual([
      { month: '2026-01', money_in: '50.00', money_out: '0.00' },
      { month: '2026-02', money_in: '0.00', money_out: '10.00' },
    ]);
    const eur = await t.call('GET', `${API}/remit/wallet/statistics?currency=EUR`, { token: h.token });
    expect(eur.body.data.at(-1)).toEqual({ month: '2026-02', money_in: '11.44', money_out: '0.00' });
    const notHeld = await t.call('GET', `${API}/remit/wallet/statistics?currency=USD`, { token: h.token });
    expect(notHeld.status).toBe(404);
  });
});
