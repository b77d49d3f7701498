import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import { awaitingTransfer, type Sender, sender } from '../transfers/transfer-fixtures.ts';
import { API, type Holder, holder, newKey, walletBalance } from '../wallets/wallet-fixtures.ts';

const URN = 'urn:sarraf:error:';

/**
 * SPEC §7's `POST /remit/remitter/trustly-lookup`: the bank-link provider's
 * payment id that /trustly-callback came back with names the customer's
 * pay-in, a transfer's payment or a top-up, and the answer is where it
 * stands, settled from the provider as check-card-enrollment does for a card.
 */
describe.each(DATABASE_KINDS)('trustly-lookup on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  const lookup = (token: string, body: unknown) =>
    t.call('POST', `${API}/remit/remitter/trustly-lookup`, { token, body });
  const startedAtBank = async (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect(res.body.data.status).toBe('WAITING');
    const picker: string = res.body.data.challenge_url;
    const paymentId = picker.split('/').filter(Boolean).at(-1) ?? '';
    expect(paymentId).toMatch(/^blp_/);
    return { picker, paymentId };
  };
  /** The customer approves (or cancels) at the sandbox bank; the payment id /trustly-callback is given. */
  async function decide(picker: string, action: 'approve' | 'cancel'): Promise<string> {
    const res = await t.app.request(`${picker}decide`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(action === 'approve' ? { action, bank: 'approve-bank' } : { action }).toString(),
    });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location') ?? '', 'http://localhost');
    expect(back.pathname).toBe('/trustly-callback');
    return back.searchParams.get('payment_id') ?? '';
  }
  const topUp = (h: Holder) =>
    t.call('POST', `${API}/remit/wallet/top-up/bank-link`, {
      token: h.token,
      body: { currency: 'GBP', amount: '30.00' },
      headers: { 'Idempotency-Key': newKey() },
    });
  const payByBank = (s: Sender, transRef: string) =>
    t.call('POST', `${API}/remit/transaction/pay/bank-link`, {
      token: s.token,
      body: { trans_ref: transRef },
      headers: { 'Idempotency-Key': newKey() },
    });

  it("tells a transfer's bank payment waiting at the bank, then approved once the customer approves", async () => {
    const s = await sender(t);
    const transRef = await awaitingTransfer(t, s);
    const { picker, paymentId } = await startedAtBank(await payByBank(s, transRef));

    const waiting = await lookup(s.token, { payment_id: paymentId });
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
    expect(waiting.body.data).toMatchObject({ status: 'WAITING', route: 'send-money-pay', top_up: null });

    expect(await decide(picker, 'approve')).toBe(paymentId);
    const approved = await lookup(s.token, { payment_id: paymentId });
    expect(approved.body.data).toMatchObject({ status: 'APPROVED', route: 'send-money-pay', top_up: null });
    expect(approved.body.data.payment).toMatchObject({ status: 'APPROVED', code: 'approved' });
    expect(approved.body.data.payment.transfer.trans_ref).toBe(transRef);
  });

  it('tells a top-up approved and credited once, or declined when cancelled at the bank', async () => {
    const h = await holder(t);
    const credited = await startedAtBank(await topUp(h));
    await decide(credited.picker, 'approve');
    const [a, b] = await Promise.all([
      lookup(h.token, { payment_id: credited.paymentId }),
      lookup(h.token, { payment_id: credited.paymentId }),
    ]);
    expect(a.body.data).toMatchObject({ status: 'APPROVED', route: 'wallet-top-up', payment: null });
    expect(a.body.data.top_up).toMatchObject({ status: 'APPROVED', balance: '30.00' });
    expect(b.body.data.status).toBe('APPROVED');
    expect(await walletBalance(t, h.id, 'GBP')).toBe(30_00n);

    const cancelled = await startedAtBank(await topUp(h));
    await decide(cancelled.picker, 'cancel');
    const declined = await lookup(h.token, { payment_id: cancelled.paymentId });
    expect(declined.body.data).toMatchObject({ status: 'DECLINED', route: 'wallet-top-up', payment: null });
    expect(declined.body.data.top_up).toMatchObject({ status: 'DECLINED', code: 'bank_link_cancelled' });
    expect(await walletBalance(t, h.id, 'GBP')).toBe(30_00n);
  });

  it("never tells one customer about another's bank payment, nor about a card payment's or an unknown id", async () => {
    const owner = await holder(t);
    const stranger = await holder(t);
    const { paymentId } = await startedAtBank(await topUp(owner));
    for (const id of [paymentId, 'blp_unknown', 'pay_unknown']) {
      const res = await lookup(stranger.token, { payment_id: id });
      expect(res.status, id).toBe(404);
      expect(res.body.errors[0]).toMatchObject({ type: `${URN}NotFound`, message: 'Bank payment not found' });
    }
  });

  it('refuses a body without a payment id, and a caller without a session', async () => {
    const h = await holder(t);
    const missing = await lookup(h.token, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ property_path: 'payment_id' });
    const anonymous = await t.call('POST', `${API}/remit/remitter/trustly-lookup`, { body: { payment_id: 'blp_x' } });
    expect(anonymous.status).toBe(401);
  });
});
