import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPartnerReport } from '../../../src/server/modules/transfers/partner-reports.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { KENYA_MOBILE, withValues } from '../beneficiaries/beneficiary-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  API,
  awaitingTransfer,
  balance,
  details,
  drain,
  FROM_US_TO_KENYA_MOBILE,
  homeCard,
  ledgerKinds,
  minorFigures,
  newKey,
  payWith,
  type Sender,
  sender,
} from './transfer-fixtures.ts';

describe.each(DATABASE_KINDS)('a transfer’s history, partner reports and cancellation on %s', (kind) => {
  let t: TestApp;
  let step: number;
  beforeAll(async () => {
    // the payout is not held for the US cancellation right here: a cancel recalls it from the partner
    t = await createTestApp(kind, { holdPayoutForCancellation: false });
    step = t.deps.config.payoutStepSeconds * 1000;
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  async function paid(s: Sender) {
    const ref = await awaitingTransfer(t, s);
    const res = await payWith(t, s, ref, homeCard(s));
    expect(res.body.data.status).toBe('APPROVED');
    return { ref, figures: minorFigures(res.body.data.transfer) };
  }
  const transferId = async (ref: string) =>
    (await t.deps.db.selectFrom('transfers').select('id').where('trans_ref', '=', ref).executeTakeFirstOrThrow()).id;
  const history = async (s: Sender, ref: string) =>
    (await details(t, s.token, ref)).body.data.events.map((e: Record<string, unknown>) => [
      e.status,
      e.event,
      e.actor,
      e.reason,
      e.refund_to,
    ]);
  const cancel = (s: Sender, body: Record<string, unknown>, key = newKey()) =>
    t.call('POST', `${API}/remit/transaction/cancel`, { token: s.token, body, headers: { 'Idempotency-Key': key } });

  it('records who or what moved the transfer, when and why, through to paid', async () => {
    const s = await sender(t);
    const { ref } = await paid(s);
    t.clock.advance(step);
    await drain(t);
    t.clock.advance(step);
    await drain(t);
    const transfer = (await details(t, s.token, ref)).body.data;
    expect(transfer).toMatchObject({ status: 'PAID', paid_with: { brand: 'visa', last4: '4242' } });
    expect(await history(s, ref)).toEqual([
      ['AWAITING', 'created', 'customer', null, null],
      ['PENDING', 'payment_approved', 'gateway', null, null],
      ['SENT', 'partner_accepted', 'partner', null, null],
      ['PAID', 'partner_paid', 'partner', null, null],
    ]);
    expect(transfer.events.at(-1).at).toBe(t.clock.now().toISOString());
    expect(transfer).toMatchObject({ cancellable_until: null, payout_details_changeable: false });
  });

  it('a rejection says why and that the refund went to the wallet, and refunds once', async () => {
    const s = await sender(t, withValues(KENYA_MOBILE, { last_name: 'Reject' }));
    const { ref, figures } = await paid(s);
    t.clock.advance(step);
    await drain(t);
    t.clock.advance(step);
    await drain(t);
    expect((await history(s, ref)).at(-1)).toEqual([
      'CLOSED',
      'partner_rejected',
      'partner',
      'recipient_details_mismatch',
      'wallet',
    ]);
    expect((await details(t, s.token, ref)).body.data).toMatchObject({ refund_to: 'wallet', status_label: 'rejected' });
    // the same report again, and a late PAID, change nothing
    const id = await transferId(ref);
    const partnerRef =
      (
        await t.deps.db
          .selectFrom('transfers')
          .select('partner_reference')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).partner_reference ?? '';
    const again = await applyPartnerReport(t.deps, id, partnerRef, {
      id: `${partnerRef}:REJECTED`,
      status: 'REJECTED',
      reason: 'recipient_details_mismatch',
    });
    expect(again.moves).toBe(0);
    const late = await applyPartnerReport(t.deps, id, partnerRef, { id: 'late-paid', status: 'PAID', reason: null });
    expect(late).toMatchObject({ moves: 0, transfer: { status: 'CLOSED' } });
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding', 'transfer_refund']);
    expect(await balance(t, s.id, 'customer_wallet', 'GBP')).toBe(figures.total);
  });

  it('reconciles partner reports out of order and repeated: each changes nothing twice', async () => {
    const s = await sender(t);
    const { ref } = await paid(s);
    const id = await transferId(ref);
    // PAID arrives before we saw SENT: the machine walks through SENT, and pays out once
    const paidReport = { id: 'evt-paid', status: 'PAID', reason: null } as const;
    expect((await applyPartnerReport(t.deps, id, 'spo_partner', paidReport)).moves).toBe(2);
    expect((await applyPartnerReport(t.deps, id, 'spo_partner', paidReport)).moves).toBe(0);
    // the SENT report arriving late, and a contradicting REJECTED, move nothing
    const sent = { id: 'evt-sent', status: 'SENT', reason: null } as const;
    expect((await applyPartnerReport(t.deps, id, 'spo_partner', sent)).moves).toBe(0);
    const rejected = { id: 'evt-rejected', status: 'REJECTED', reason: 'partner_refused' } as const;
    expect((await applyPartnerReport(t.deps, id, 'spo_partner', rejected)).moves).toBe(0);
    expect((await history(s, ref)).map((e: unknown[]) => e[0])).toEqual(['AWAITING', 'PENDING', 'SENT', 'PAID']);
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding', 'transfer_payout']);
    const kept = await t.deps.db
      .selectFrom('payout_partner_events')
      .select(['partner_event_id', 'moves'])
      .where('transfer_id', '=', id)
      .orderBy('id')
      .execute();
    expect(kept).toEqual([
      { partner_event_id: 'evt-paid', moves: 2 },
      { partner_event_id: 'evt-sent', moves: 0 },
      { partner_event_id: 'evt-rejected', moves: 0 },
    ]);
    // the queued submission finds the transfer paid and places no order
    t.clock.advance(step);
    await drain(t);
    expect(await t.deps.db.selectFrom('sandbox_payouts').select('id').where('reference', '=', ref).execute()).toEqual(
      [],
    );
  });

  it('cancels a transfer not yet paid for, by any sender, with no money moved', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const key = newKey();
    const res = await cancel(s, { trans_ref: ref }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'CLOSED',
      close_reason: 'cancelled',
      status_label: 'canceled',
      refund_to: null,
    });
    expect((await history(s, ref)).at(-1)).toEqual(['CLOSED', 'cancelled', 'customer', 'customer_request', null]);
    expect((await cancel(s, { trans_ref: ref }, key)).status).toBe(200);
    expect((await cancel(s, { trans_ref: ref, refund_to: 'card' }, key)).status).toBe(422);
    expect(await ledgerKinds(t, ref)).toEqual([]);
  });

  it('lets a US sender cancel within 30 minutes of paying, refunding in full to the card exactly once', async () => {
    const s = await sender(t, KENYA_MOBILE, FROM_US_TO_KENYA_MOBILE);
    const { ref, figures } = await paid(s);
    t.clock.advance(step);
    await drain(t);
    const before = (await details(t, s.token, ref)).body.data;
    expect(before.status).toBe('SENT');
    expect(Date.parse(before.cancellable_until) - Date.parse(before.funded_at)).toBe(30 * 60 * 1000);
    expect(before.payout_details_changeable).toBe(true);

    expect((await cancel(s, { trans_ref: ref })).status).toBe(400);
    const key = newKey();
    const res = await cancel(s, { trans_ref: ref, refund_to: 'card' }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'CLOSED',
      close_reason: 'recalled',
      refund_to: 'card',
      cancellable_until: null,
    });
    expect((await history(s, ref)).at(-1)).toEqual(['CLOSED', 'recalled', 'customer', 'customer_request', 'card']);
    expect((await cancel(s, { trans_ref: ref, refund_to: 'card' }, key)).status).toBe(200);
    expect((await cancel(s, { trans_ref: ref, refund_to: 'card' })).status).toBe(409);

    t.clock.advance(2 * step);
    await drain(t);
    await drain(t);
    expect((await ledgerKinds(t, ref)).sort()).toEqual([
      'card_payment',
      'card_refund',
      'transfer_funding',
      'transfer_refund',
    ]);
    expect(await balance(t, s.id, 'customer_wallet', 'USD')).toBe(0n);
    const gateway = await t.deps.db
      .selectFrom('sandbox_card_payments')
      .select(['refunded_at', 'amount'])
      .where('reference', '=', ref)
      .where('status', '=', 'APPROVED')
      .executeTakeFirstOrThrow();
    expect(gateway.refunded_at).not.toBeNull();
    expect(gateway.amount).toBe(figures.total);
    const order = await t.deps.db
      .selectFrom('sandbox_payouts')
      .select('cancelled_at')
      .where('reference', '=', ref)
      .executeTakeFirstOrThrow();
    expect(order.cancelled_at).not.toBeNull();
    expect((await details(t, s.token, ref)).body.data.status).toBe('CLOSED');
  });

  it('refunds a US recall to the wallet when asked', async () => {
    const s = await sender(t, KENYA_MOBILE, FROM_US_TO_KENYA_MOBILE);
    const { ref, figures } = await paid(s);
    const res = await cancel(s, { trans_ref: ref, refund_to: 'wallet' });
    expect(res.body.data).toMatchObject({ status: 'CLOSED', refund_to: 'wallet' });
    expect(await balance(t, s.id, 'customer_wallet', 'USD')).toBe(figures.total);
    t.clock.advance(step);
    await drain(t);
    expect(await t.deps.db.selectFrom('sandbox_payouts').select('id').where('reference', '=', ref).execute()).toEqual(
      [],
    );
  });

  it('of two racing cancels with one key, both answer with the one recall, refunded once', async () => {
    const s = await sender(t, KENYA_MOBILE, FROM_US_TO_KENYA_MOBILE);
    const { ref, figures } = await paid(s);
    t.clock.advance(step);
    await drain(t);
    const key = newKey();
    const body = { trans_ref: ref, refund_to: 'wallet' };
    const [a, b] = await Promise.all([cancel(s, body, key), cancel(s, body, key)]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    expect(a.body.data).toEqual(b.body.data);
    expect(a.body.data).toMatchObject({ status: 'CLOSED', close_reason: 'recalled', refund_to: 'wallet' });
    expect(await balance(t, s.id, 'customer_wallet', 'USD')).toBe(figures.total);
    expect((await ledgerKinds(t, ref)).filter((k) => k === 'transfer_refund')).toEqual(['transfer_refund']);
    expect((await history(s, ref)).filter((row: unknown[]) => row[1] === 'recalled')).toHaveLength(1);
  });

  it('refuses after 30 minutes, after the payout, and to senders without the right; changes nothing', async () => {
    const us = await sender(t, KENYA_MOBILE, FROM_US_TO_KENYA_MOBILE);
    const late = await paid(us);
    t.clock.advance(30 * 60 * 1000);
    const refused = await cancel(us, { trans_ref: late.ref, refund_to: 'card' });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].type).toBe('urn:sarraf:error:CancellationWindowClosed');
    expect((await details(t, us.token, late.ref)).body.data.cancellable_until).toBeNull();

    const paidOut = await paid(us);
    t.clock.advance(step);
    await drain(t);
    t.clock.advance(step);
    await drain(t);
    expect((await cancel(us, { trans_ref: paidOut.ref, refund_to: 'card' })).status).toBe(409);
    expect(await ledgerKinds(t, paidOut.ref)).toEqual(['card_payment', 'transfer_funding', 'transfer_payout']);

    const gb = await sender(t);
    const { ref } = await paid(gb);
    expect((await cancel(gb, { trans_ref: ref, refund_to: 'card' })).status).toBe(409);
    expect((await details(t, gb.token, ref)).body.data).toMatchObject({ status: 'PENDING', cancellable_until: null });
    // another customer's transfer is not found
    expect((await cancel(us, { trans_ref: ref, refund_to: 'card' })).status).toBe(404);
    expect((await details(t, us.token, ref)).status).toBe(404);
    expect((await cancel(gb, { trans_ref: 'nope', refund_to: 'card' })).status).toBe(400);
    expect((await cancel(gb, { trans_ref: ref, refund_to: 'cash' })).status).toBe(400);
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);
  });
});

describe.each(DATABASE_KINDS)('a US transfer held for its cancellation right on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  it('goes to the payout partner only once the 30 minutes are over, so the right can be used meanwhile', async () => {
    expect(t.deps.config.holdPayoutForCancellation).toBe(true);
    const s = await sender(t, KENYA_MOBILE, FROM_US_TO_KENYA_MOBILE);
    const ref = await awaitingTransfer(t, s);
    expect((await payWith(t, s, ref, homeCard(s))).body.data.status).toBe('APPROVED');
    t.clock.advance(5 * t.deps.config.payoutStepSeconds * 1000);
    await drain(t);
    const during = (await details(t, s.token, ref)).body.data;
    expect(during.status).toBe('PENDING');
    expect(during.cancellable_until).not.toBeNull();

    t.clock.advance(t.deps.config.cancellationRightSeconds * 1000);
    await drain(t);
    const after = (await details(t, s.token, ref)).body.data;
    expect(after.status).not.toBe('PENDING');
    expect(after.cancellable_until).toBeNull();
  });

  it('sends a UK transfer one step after paying, as before', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    expect((await payWith(t, s, ref, homeCard(s))).body.data.status).toBe('APPROVED');
    t.clock.advance(t.deps.config.payoutStepSeconds * 1000);
    await drain(t);
    expect((await details(t, s.token, ref)).body.data.status).not.toBe('PENDING');
  });
});
