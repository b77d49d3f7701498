import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardGateway } from '../../../src/server/providers/card-gateway/card-gateway.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { tokenize } from '../card-gateway/card-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  answerChallenge,
  awaitingTransfer,
  CARDS,
  details,
  drain,
  ledgerKinds,
  pay,
  paymentStatus,
  payWith,
  type Sender,
  sender,
} from './transfer-fixtures.ts';

/**
 * A pay call the server never finished (it died while asking the gateway):
 * the attempt stays PROCESSING, and the server settles it by itself through
 * `payin.reconcile`, without the customer coming back.
 */
describe.each(DATABASE_KINDS)('payment reconciliation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  /** Pay with `card` while the gateway call dies: after the gateway decided (`charged`) or before it heard of it. */
  async function payAndCrash(s: Sender, card: string, charged: boolean): Promise<string> {
    const ref = await awaitingTransfer(t, s);
    const cardToken = await tokenize(t, { number: card });
    const gateway = t.deps.providers.cardGateway;
    const dying: CardGateway = {
      ...gateway,
      async authorize(request) {
        if (charged) await gateway.authorize(request);
        throw new Error('the server died here');
      },
    };
    t.deps.providers.cardGateway = dying;
    try {
      expect((await pay(t, s.token, ref, cardToken)).status).toBe(500);
    } finally {
      t.deps.providers.cardGateway = gateway;
    }
    return ref;
  }

  async function attemptOf(ref: string) {
    return t.deps.db
      .selectFrom('payins')
      .innerJoin('transfers', 'transfers.id', 'payins.transfer_id')
      .select(['payins.status', 'payins.gateway_payment_id'])
      .where('transfers.trans_ref', '=', ref)
      .orderBy('payins.seq', 'desc')
      .executeTakeFirstOrThrow();
  }

  async function gatewayPayment(ref: string) {
    return t.deps.db
      .selectFrom('sandbox_card_payments')
      .select(['status', 'code', 'voided_at'])
      .where('reference', '=', ref)
      .execute();
  }

  const reconcileDelayMs = () => t.deps.config.paymentReconcileSeconds * 1000;

  it('books a payment the gateway charged before the crash, once the reconcile delay has passed', async () => {
    const s = await sender(t);
    const ref = await payAndCrash(s, CARDS.approves, true);
    expect(await attemptOf(ref)).toMatchObject({ status: 'PROCESSING', gateway_payment_id: null });
    await drain(t);
    expect((await attemptOf(ref)).status).toBe('PROCESSING');

    t.clock.advance(reconcileDelayMs());
    await drain(t);
    expect(await attemptOf(ref)).toMatchObject({ status: 'APPROVED', gateway_payment_id: expect.any(String) });
    expect((await details(t, s.token, ref)).body.data.status).toBe('PENDING');
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);
    expect(await gatewayPayment(ref)).toEqual([{ status: 'APPROVED', code: 'approved', voided_at: null }]);
    expect((await paymentStatus(t, s.token, ref)).body.data.status).toBe('APPROVED');
  });

  it('asks the gateway to decide when the crash came before it heard of the payment', async () => {
    const s = await sender(t);
    const ref = await payAndCrash(s, CARDS.approves, false);
    expect(await gatewayPayment(ref)).toEqual([]);
    t.clock.advance(reconcileDelayMs());
    await drain(t);
    expect((await attemptOf(ref)).status).toBe('APPROVED');
    expect(await gatewayPayment(ref)).toHaveLength(1);
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);
  });

  it('records a decline, which payment-status then shows; the transfer may be paid with another card', async () => {
    const s = await sender(t);
    const ref = await payAndCrash(s, CARDS.declined, true);
    t.clock.advance(reconcileDelayMs());
    await drain(t);
    expect((await paymentStatus(t, s.token, ref)).body.data).toMatchObject({
      status: 'DECLINED',
      code: 'payment_was_declined_by_bank',
      transfer: { status: 'AWAITING' },
    });
    expect(await ledgerKinds(t, ref)).toEqual([]);
    expect((await payWith(t, s, ref, CARDS.approves)).body.data.status).toBe('APPROVED');
  });

  /** The payment's checks still queued. */
  async function queuedChecks(ref: string): Promise<number> {
    const { id } = await t.deps.db
      .selectFrom('payins')
      .innerJoin('transfers', 'transfers.id', 'payins.transfer_id')
      .select('payins.id')
      .where('transfers.trans_ref', '=', ref)
      .executeTakeFirstOrThrow();
    const rows = await t.deps.db
      .selectFrom('outbox_events')
      .select('id')
      .where('topic', '=', 'payin.reconcile')
      .where('status', '=', 'pending')
      .where(sql<boolean>`payload->>'payin_id' = ${id}`)
      .execute();
    return rows.length;
  }

  it('checks a 3-D Secure attempt again while it waits, and funds the transfer once the bank approves', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const res = await payWith(t, s, ref, CARDS.challenge);
    expect(res.body.data.status).toBe('WAITING');
    expect(await queuedChecks(ref)).toBe(1);
    for (let check = 0; check < 3; check++) {
      t.clock.advance(reconcileDelayMs());
      await drain(t);
      expect((await attemptOf(ref)).status).toBe('WAITING');
      expect(await queuedChecks(ref)).toBe(1);
    }
    await answerChallenge(t, res.body.data.challenge_url, 'success');
    t.clock.advance(reconcileDelayMs());
    await drain(t);
    expect((await attemptOf(ref)).status).toBe('APPROVED');
    expect((await details(t, s.token, ref)).body.data.status).toBe('PENDING');
    expect(await queuedChecks(ref)).toBe(0);
  });

  it('voids at the gateway a challenge the transfer expired on, so passing it later charges nothing', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const res = await payWith(t, s, ref, CARDS.challenge);
    t.clock.advance((t.deps.config.quoteTtlSeconds + 15 * 60) * 1000);
    await drain(t);
    expect((await attemptOf(ref)).status).toBe('ABANDONED');
    expect(await gatewayPayment(ref)).toEqual([
      { status: 'DECLINED', code: 'payment_was_not_authorised', voided_at: expect.any(Date) },
    ]);
    await answerChallenge(t, res.body.data.challenge_url, 'success');
    expect((await gatewayPayment(ref))[0]?.status).toBe('DECLINED');
    expect((await details(t, s.token, ref)).body.data.status).toBe('CLOSED');
  });

  it('an approval for a transfer no longer awaiting payment is voided, never booked', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const res = await payWith(t, s, ref, CARDS.challenge);
    await answerChallenge(t, res.body.data.challenge_url, 'success');
    // the transfer closed between the bank's answer and ours (a race the expiry job can lose)
    await t.deps.db
      .updateTable('transfers')
      .set({ status: 'CLOSED', close_reason: 'expired' })
      .where('trans_ref', '=', ref)
      .execute();
    expect((await paymentStatus(t, s.token, ref)).body.data).toMatchObject({
      status: 'DECLINED',
      transfer: { status: 'CLOSED' },
    });
    expect((await attemptOf(ref)).status).toBe('VOIDED');
    await drain(t);
    expect(await gatewayPayment(ref)).toEqual([{ status: 'APPROVED', code: 'approved', voided_at: expect.any(Date) }]);
    expect(await ledgerKinds(t, ref)).toEqual([]);
  });
});
