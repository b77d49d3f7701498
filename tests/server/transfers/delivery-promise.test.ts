import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../src/server/auth/sessions.ts';
import { applyPartnerReport } from '../../../src/server/modules/transfers/partner-reports.ts';
import { transfersOffTheirPostings } from '../../../src/server/modules/transfers/transfer-ledger-check.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  awaitingTransfer,
  balance,
  CARDS,
  details,
  drain,
  ledgerKinds,
  minorFigures,
  payWith,
  type Sender,
  sender,
} from './transfer-fixtures.ts';

const HOUR_MS = 3_600_000;

describe.each(DATABASE_KINDS)('the delivery promise on %s', (kind) => {
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

  const view = async (s: Sender, ref: string) => (await details(t, s.token, ref)).body.data;
  const lateFeeNotices = (customerId: string) =>
    t.deps.db
      .selectFrom('notifications')
      .select(['category', 'params'])
      .where('customer_id', '=', customerId)
      .where('title_key', '=', 'late_fee.refunded')
      .execute();
  const transferRow = (ref: string) =>
    t.deps.db.selectFrom('transfers').selectAll().where('trans_ref', '=', ref).executeTakeFirstOrThrow();

  /** A paid transfer the partner has (SENT), its fee in minor units and the hours it promised. */
  async function sentTransfer(s: Sender) {
    const ref = await awaitingTransfer(t, s);
    const paid = await payWith(t, s, ref, CARDS.approves);
    expect(paid.body.data.status).toBe('APPROVED');
    t.clock.advance(step);
    await drain(t);
    const sent = await view(s, ref);
    expect(sent.status).toBe('SENT');
    return { ref, fee: minorFigures(sent).fee, hours: sent.delivery_promise.hours as number, sent };
  }

  it('promises the quote’s delivery hours from the payment, and an on-time payout refunds nothing', async () => {
    const s = await sender(t);
    const { ref, hours, sent } = await sentTransfer(s);
    const quoted = await t.deps.db
      .selectFrom('quotes')
      .select('delivery_hours')
      .where('id', '=', (await transferRow(ref)).quote_id)
      .executeTakeFirstOrThrow();
    expect(hours).toBe(quoted.delivery_hours);
    expect(sent.delivery_promise).toEqual({
      hours,
      promised_by: new Date(Date.parse(sent.funded_at) + hours * HOUR_MS).toISOString(),
      fee_refunded_at: null,
    });
    expect(2 * step).toBeLessThan(hours * HOUR_MS);

    t.clock.advance(step);
    await drain(t);
    const paid = await view(s, ref);
    expect(paid.status).toBe('PAID');
    expect(paid.delivery_promise.fee_refunded_at).toBeNull();
    expect(paid.events.map((e: { event: string }) => e.event)).not.toContain('late_fee_refunded');
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding', 'transfer_payout']);
    expect(await balance(t, s.id, 'customer_wallet', 'GBP')).toBe(0n);
    expect(await lateFeeNotices(s.id)).toEqual([]);
  });

  it('a payout after the promised time gives the fee back to the wallet exactly once, across racing reports and replays', async () => {
    const s = await sender(t);
    const { ref, fee, hours } = await sentTransfer(s);
    expect(fee).toBeGreaterThan(0n);
    const { id, partner_reference } = await transferRow(ref);
    if (partner_reference === null) throw new Error('the partner has no reference for the transfer');
    t.clock.advance(hours * HOUR_MS);
    s.token = (await createSession(t.deps.db, t.deps.config, t.clock, s.id)).token;

    // two replicas apply the partner's PAID at the same time (different report ids): one moves it
    const reports = await Promise.all(
      ['replica-a', 'replica-b'].map((reportId) =>
        applyPartnerReport(t.deps, id, partner_reference, { id: `${ref}:${reportId}`, status: 'PAID', reason: null }),
      ),
    );
    expect(reports.map((r) => r.moves).sort()).toEqual([0, 1]);
    await drain(t);

    const paid = await view(s, ref);
    expect(paid.status).toBe('PAID');
    expect(paid.delivery_promise.fee_refunded_at).toBe(t.clock.now().toISOString());
    expect(paid.events.map((e: { event: string }) => e.event)).toEqual([
      'created',
      'payment_approved',
      'partner_accepted',
      'partner_paid',
      'late_fee_refunded',
    ]);
    expect(await ledgerKinds(t, ref)).toEqual([
      'card_payment',
      'transfer_funding',
      'late_fee_refund',
      'transfer_payout',
    ]);
    expect(await balance(t, s.id, 'customer_wallet', 'GBP')).toBe(fee);
    expect(await lateFeeNotices(s.id)).toEqual([
      { category: 'wallet', params: { amount: paid.fees, currency: 'GBP', trans_ref: ref } },
    ]);

    // the partner's report again, and every event delivered again (at least once): nothing more
    await applyPartnerReport(t.deps, id, partner_reference, { id: `${ref}:replica-a`, status: 'PAID', reason: null });
    await applyPartnerReport(t.deps, id, partner_reference, { id: `${ref}:late-again`, status: 'PAID', reason: null });
    await t.deps.db.updateTable('outbox_events').set({ status: 'pending', available_at: t.clock.now() }).execute();
    await drain(t);
    expect(await balance(t, s.id, 'customer_wallet', 'GBP')).toBe(fee);
    expect((await ledgerKinds(t, ref)).filter((k) => k === 'late_fee_refund')).toHaveLength(1);
    expect((await view(s, ref)).events).toHaveLength(5);
    expect(await lateFeeNotices(s.id)).toHaveLength(1);
  });

  it('the ledger check holds every late refund to its transfer', async () => {
    expect(await transfersOffTheirPostings(t.deps.db)).toEqual([]);
    const refunded = await t.deps.db
      .selectFrom('transfers')
      .select(['id', 'late_fee_refunded_at'])
      .where('late_fee_refunded_at', 'is not', null)
      .executeTakeFirstOrThrow();
    // a refund posted for a transfer that does not say so is found
    await t.deps.db
      .updateTable('transfers')
      .set({ late_fee_refunded_at: null })
      .where('id', '=', refunded.id)
      .execute();
    expect(await transfersOffTheirPostings(t.deps.db)).toEqual([
      expect.objectContaining({
        subject: refunded.id,
        details: expect.objectContaining({ missing_steps: [], unexpected_steps: ['late-fee-refund'] }),
      }),
    ]);
    await t.deps.db
      .updateTable('transfers')
      .set({ late_fee_refunded_at: refunded.late_fee_refunded_at })
      .where('id', '=', refunded.id)
      .execute();
    expect(await transfersOffTheirPostings(t.deps.db)).toEqual([]);
  });
});
