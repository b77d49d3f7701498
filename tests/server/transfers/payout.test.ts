import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../src/server/auth/sessions.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { KENYA_MOBILE, SOMALIA_CASH, withValues } from '../beneficiaries/beneficiary-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  API,
  addRecipient,
  awaitingTransfer,
  balance,
  CARDS,
  details,
  drain,
  ledgerKinds,
  minorFigures,
  payWith,
  type Sender,
  saveQuote,
  sender,
  TO_SOMALIA_CASH,
} from './transfer-fixtures.ts';

describe.each(DATABASE_KINDS)('the sandbox payout partner moves a paid transfer on %s', (kind) => {
  let t: TestApp;
  let step: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    step = t.deps.config.payoutStepSeconds * 1000;
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  async function paidTransfer(s: Sender): Promise<{ ref: string; figures: ReturnType<typeof minorFigures> }> {
    const ref = await awaitingTransfer(t, s);
    const res = await payWith(t, s, ref, CARDS.approves);
    expect(res.body.data.status).toBe('APPROVED');
    return { ref, figures: minorFigures(res.body.data.transfer) };
  }

  const statusOf = async (s: Sender, ref: string) => (await details(t, s.token, ref)).body.data;
  const notifications = (customerId: string) =>
    t.deps.db
      .selectFrom('notifications')
      .select(['category', 'title_key', 'params', 'viewed_at'])
      .where('customer_id', '=', customerId)
      .orderBy('created_at')
      .orderBy('title_key')
      .execute();

  /** What a transfer's ledger transactions moved, per account (`kind:currency`, wallet included). */
  async function movements(ref: string): Promise<Record<string, bigint>> {
    const rows = await t.deps.db
      .selectFrom('ledger_postings')
      .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_postings.transaction_id')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_postings.account_id')
      .select(['ledger_accounts.kind', 'ledger_postings.currency', 'ledger_postings.amount'])
      .where('ledger_transactions.reference', '=', ref)
      .execute();
    const sums: Record<string, bigint> = {};
    for (const row of rows) {
      const account = `${row.kind}:${row.currency}`;
      sums[account] = (sums[account] ?? 0n) + row.amount;
    }
    return sums;
  }

  /** Per currency, the sum of every posting a transfer's ledger transactions made. */
  async function sumsByCurrency(ref: string): Promise<Record<string, bigint>> {
    const sums: Record<string, bigint> = {};
    for (const [account, amount] of Object.entries(await movements(ref))) {
      const currency = account.split(':')[1] ?? '';
      sums[currency] = (sums[currency] ?? 0n) + amount;
    }
    return sums;
  }

  it('PENDING → SENT → PAID one step apart, paying the partner through FX liquidity', async () => {
    const s = await sender(t);
    const { ref, figures } = await paidTransfer(s);
    await drain(t);
    expect((await statusOf(s, ref)).status).toBe('PENDING');

    t.clock.advance(step);
    await drain(t);
    const sent = await statusOf(s, ref);
    expect(sent).toMatchObject({ status: 'SENT', status_label: 'sent_for_pay', paid_at: null });
    const submitted = await t.deps.db
      .selectFrom('sandbox_payouts')
      .selectAll()
      .where('reference', '=', ref)
      .executeTakeFirstOrThrow();
    expect(submitted).toMatchObject({
      amount: figures.receive,
      currency: 'KES',
      recipient_name: 'Wanjiru Kamau',
      outcome: 'pay',
    });
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);

    t.clock.advance(step - 1000);
    await drain(t);
    expect((await statusOf(s, ref)).status).toBe('SENT');

    t.clock.advance(1000);
    await drain(t);
    const paid = await statusOf(s, ref);
    expect(paid).toMatchObject({ status: 'PAID', status_label: 'completed', paid_at: t.clock.now().toISOString() });
    expect(paid.events.map((e: { status: string }) => e.status)).toEqual(['AWAITING', 'PENDING', 'SENT', 'PAID']);

    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding', 'transfer_payout']);
    expect(await sumsByCurrency(ref)).toEqual({ GBP: 0n, KES: 0n });
    // card → wallet → fee and clearing, then clearing → partner through FX liquidity; nothing left in clearing
    expect(await movements(ref)).toEqual({
      'card_settlement:GBP': -figures.total,
      'customer_wallet:GBP': 0n,
      'fee_revenue:GBP': figures.fee,
      'payout_clearing:GBP': 0n,
      'fx_liquidity:GBP': figures.send,
      'fx_liquidity:KES': -figures.receive,
      'partner_payable:KES': figures.receive,
    });
    expect(await balance(t, s.id, 'customer_wallet', 'GBP')).toBe(0n);

    const receive = paid.receive_amount;
    expect(await notifications(s.id)).toEqual(
      [
        ['PENDING', 'processing'],
        ['SENT', 'sent_for_pay'],
        ['PAID', 'completed'],
      ].map(([status, label]) => ({
        category: 'transactions',
        title_key: `transfer_status.${label}`,
        params: {
          trans_ref: ref,
          status,
          beneficiary_name: 'Wanjiru Kamau',
          receive_amount: receive,
          dest_currency: 'KES',
        },
        viewed_at: null,
      })),
    );

    // redelivered events (at least once) change nothing
    await t.deps.db.updateTable('outbox_events').set({ status: 'pending', available_at: t.clock.now() }).execute();
    await drain(t);
    expect((await statusOf(s, ref)).events).toHaveLength(4);
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding', 'transfer_payout']);
    expect(await notifications(s.id)).toHaveLength(3);
  });

  it('the sandbox partner takes one order per reference and per key, and moves it by the clock alone', async () => {
    const partner = t.deps.providers.payoutPartner;
    const order = {
      reference: 'SRTESTPAY1',
      amount: 1_000_00n,
      currency: 'KES',
      destinationCountry: 'KE',
      payoutType: 'mobile' as const,
      recipient: { firstName: 'Wanjiru', middleName: null, lastName: 'Kamau' },
      payoutDetails: { mobile: '+254712345678' },
    };
    const first = await partner.submit(order, { idempotencyKey: 'outbox:evt_first' });
    expect(await partner.submit(order, { idempotencyKey: 'outbox:evt_first' })).toEqual(first);
    expect(await partner.submit({ ...order, amount: 999n }, { idempotencyKey: 'outbox:evt_again' })).toEqual(first);
    await expect(
      partner.submit({ ...order, reference: 'SRTESTPAY2' }, { idempotencyKey: 'outbox:evt_first' }),
    ).rejects.toThrow('already took this idempotency key for another order');
    const orders = await t.deps.db
      .selectFrom('sandbox_payouts')
      .select('amount')
      .where('reference', 'like', 'SRTESTPAY%');
    expect(await orders.execute()).toEqual([{ amount: 1_000_00n }]);
    const ref = first.partnerReference;
    expect(await partner.status(ref)).toEqual({ id: `${ref}:SENT`, status: 'SENT', reason: null });
    t.clock.advance(step);
    expect(await partner.status(ref)).toEqual({ id: `${ref}:PAID`, status: 'PAID', reason: null });
    expect(await partner.cancel(ref)).toBe('too_late');
    expect(await partner.amend(ref, { mobile: '+254712345679' })).toBe(false);
    await expect(partner.status('spo_unknown')).rejects.toThrow('no order spo_unknown');
  });

  it('a cash transfer with the partner is ready for pickup', async () => {
    const s = await sender(t, SOMALIA_CASH, TO_SOMALIA_CASH);
    const { ref } = await paidTransfer(s);
    t.clock.advance(step);
    await drain(t);
    expect(await statusOf(s, ref)).toMatchObject({ status: 'SENT', status_label: 'ready_for_pickup' });
  });

  it('the partner rejects a recipient named Reject: CLOSED, and everything paid is back in the wallet', async () => {
    const s = await sender(t, withValues(KENYA_MOBILE, { last_name: 'Reject' }));
    const { ref, figures } = await paidTransfer(s);
    t.clock.advance(step);
    await drain(t);
    expect((await statusOf(s, ref)).status).toBe('SENT');
    t.clock.advance(step);
    await drain(t);

    const closed = await statusOf(s, ref);
    expect(closed).toMatchObject({
      status: 'CLOSED',
      status_label: 'rejected',
      close_reason: 'rejected',
      paid_at: null,
    });
    expect(closed.events.map((e: { status: string }) => e.status)).toEqual(['AWAITING', 'PENDING', 'SENT', 'CLOSED']);
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding', 'transfer_refund']);
    // the card's money stays with us, as the customer's wallet balance: fee and clearing are given back
    expect(await movements(ref)).toEqual({
      'card_settlement:GBP': -figures.total,
      'customer_wallet:GBP': figures.total,
      'fee_revenue:GBP': 0n,
      'payout_clearing:GBP': 0n,
    });
    expect(await balance(t, s.id, 'customer_wallet', 'GBP')).toBe(figures.total);
    expect(await sumsByCurrency(ref)).toEqual({ GBP: 0n });
    expect((await notifications(s.id)).map((n) => n.title_key)).toEqual([
      'transfer_status.processing',
      'transfer_status.sent_for_pay',
      'transfer_status.rejected',
    ]);
  });

  it('lists the customer’s transfers newest first with their labels, also as recent transactions', async () => {
    const s = await sender(t);
    const waiting = await awaitingTransfer(t, s);
    t.clock.advance(1000);
    const { ref: processing } = await paidTransfer(s);
    const list = await t.call('GET', `${API}/remit/transaction/list`, { token: s.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: any) => [x.trans_ref, x.status, x.status_label, x.beneficiary.name])).toEqual([
      [processing, 'PENDING', 'processing', 'Wanjiru Kamau'],
      [waiting, 'AWAITING', 'waiting_for_payment', 'Wanjiru Kamau'],
    ]);
    expect(list.body.data[0]).not.toHaveProperty('events');
    expect(list.body.data[0]).toMatchObject({ send_amount: '100.00', source_currency: 'GBP', dest_currency: 'KES' });

    const recent = await t.call('GET', `${API}/api/v2/recent-transactions?limit=1`, { token: s.token });
    expect(recent.body.data.map((x: any) => x.trans_ref)).toEqual([processing]);
    const bad = await t.call('GET', `${API}/remit/transaction/list?limit=0`, { token: s.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].property_path).toBe('limit');
    expect((await t.call('GET', `${API}/remit/transaction/list`)).status).toBe(401);
    expect((await details(t, s.token, 'SR00000000')).status).toBe(404);
    expect((await details(t, s.token, 'not-a-ref')).status).toBe(404);
  });

  it('counts funded transfers of this year, not refunded or unpaid ones, against the yearly limit', async () => {
    const s = await sender(t);
    const used = async () =>
      (await t.call('POST', `${API}/user/get`, { token: s.token, body: {} })).body.data.user_limit.used;
    expect(await used()).toBe('0.00');
    await awaitingTransfer(t, s);
    expect(await used()).toBe('0.00');
    await paidTransfer(s);
    expect(await used()).toBe('100.00');

    const rejectedRecipient = await addRecipient(
      t,
      s.token,
      withValues(KENYA_MOBILE, { last_name: 'Reject', mobile: '0712 345 679' }),
    );
    const toReject = { ...s, beneficiaryId: rejectedRecipient, quoteId: await saveQuote(t, s.token) };
    await paidTransfer(toReject);
    expect(await used()).toBe('200.00');
    t.clock.advance(2 * step);
    await drain(t);
    t.clock.advance(2 * step);
    await drain(t);
    expect(await used()).toBe('100.00');

    t.clock.advance(365 * 24 * 3600 * 1000);
    s.token = (await createSession(t.deps.db, t.deps.config, t.clock, s.id)).token;
    expect(await used()).toBe('0.00');
  });
});
