import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { tokenize } from '../card-gateway/card-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import { answerChallenge, awaitingTransfer, CARDS, newKey, payWith, sender } from '../transfers/transfer-fixtures.ts';
import { API, holder } from '../wallets/wallet-fixtures.ts';

const URN = 'urn:sarraf:error:';

describe.each(DATABASE_KINDS)('check-card-enrollment on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  const check = (token: string, body: unknown) =>
    t.call('POST', `${API}/remit/card/check-card-enrollment`, { token, body });
  /** Pass or fail the bank's challenge the way the browser would; the gateway's payment id from where it sends it back. */
  async function returnFrom(challengeUrl: string, outcome: 'success' | 'failure') {
    const back = await answerChallenge(t, challengeUrl, outcome);
    const location = new URL(back.headers.get('location') ?? '', 'http://localhost');
    expect(location.pathname).toBe('/checkout-card-enrollment/return');
    return {
      paymentId: location.searchParams.get('payment_id') ?? '',
      routeName: location.searchParams.get('routeName'),
    };
  }

  it('tells a transfer’s card payment waiting for the bank, then approved once the challenge is passed', async () => {
    const s = await sender(t);
    const transRef = await awaitingTransfer(t, s);
    const paid = await payWith(t, s, transRef, CARDS.challenge);
    expect(paid.body.data.status).toBe('WAITING');
    const paymentId = new URL(paid.body.data.challenge_url, 'http://localhost').pathname.split('/').at(-1) ?? '';

    const waiting = await check(s.token, { payment_id: paymentId });
    expect(waiting.status).toBe(200);
    expect(waiting.body.data).toMatchObject({ status: 'WAITING', route: 'send-money-pay', top_up: null });

    const back = await returnFrom(paid.body.data.challenge_url, 'success');
    expect(back).toEqual({ paymentId, routeName: 'send-money-pay' });
    const approved = await check(s.token, { payment_id: back.paymentId });
    expect(approved.body.data).toMatchObject({ status: 'APPROVED', route: 'send-money-pay', top_up: null });
    expect(approved.body.data.payment).toMatchObject({ status: 'APPROVED', code: 'approved' });
    expect(approved.body.data.payment.transfer.trans_ref).toBe(transRef);
  });

  it('tells a wallet top-up declined when the challenge failed, and nothing was credited', async () => {
    const h = await holder(t);
    const res = await t.call('POST', `${API}/remit/wallet/top-up`, {
      token: h.token,
      body: { currency: 'GBP', amount: '25.00', card_token: await tokenize(t, { number: CARDS.challenge }) },
      headers: { 'Idempotency-Key': newKey() },
    });
    const back = await returnFrom(res.body.data.challenge_url, 'failure');
    expect(back.routeName).toBe('wallet-top-up');
    const declined = await check(h.token, { payment_id: back.paymentId });
    expect(declined.body.data).toMatchObject({ status: 'DECLINED', route: 'wallet-top-up', payment: null });
    expect(declined.body.data.top_up).toMatchObject({ id: res.body.data.id, status: 'DECLINED', balance: '0.00' });
  });

  it('never tells one customer about another’s payment, nor about an id no payment has', async () => {
    const owner = await sender(t);
    const stranger = await sender(t);
    const paid = await payWith(t, owner, await awaitingTransfer(t, owner), CARDS.challenge);
    const back = await returnFrom(paid.body.data.challenge_url, 'success');
    for (const paymentId of [back.paymentId, 'pay_unknown']) {
      const res = await check(stranger.token, { payment_id: paymentId });
      expect(res.status).toBe(404);
      expect(res.body.errors[0]).toMatchObject({ type: `${URN}NotFound`, message: 'Card payment not found' });
    }
  });

  it('refuses a body without a payment id, and a caller without a session', async () => {
    const h = await holder(t);
    const empty = await check(h.token, { payment_id: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ type: `${URN}ValueNotBeBlank`, property_path: 'payment_id' });
    expect(
      (await t.call('POST', `${API}/remit/card/check-card-enrollment`, { body: { payment_id: 'x' } })).status,
    ).toBe(401);
  });
});
