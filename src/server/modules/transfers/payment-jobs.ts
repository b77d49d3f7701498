import type { Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { LATE_SETTLEMENT_CHECK_MINUTES } from '../wallets/top-up-jobs.ts';

/**
 * The outbox's part of a card payment. `payment.reconcile` settles an
 * attempt nobody came back for (the server died while it asked the gateway,
 * the customer closed the page during 3-D Secure); `payment.void` releases
 * an approval we will not book; `payment.late-settlement` books a bank-link
 * payment that settles after its transfer expired. Handlers:
 * payment-reconciliation.ts.
 */
export const PAYMENT_RECONCILE = 'payment.reconcile';
export const PAYMENT_VOID = 'payment.void';
/** A bank-link payment abandoned at its transfer's expiry while the bank still had it pending: is the money coming? */
export const PAYMENT_LATE_SETTLEMENT = 'payment.late-settlement';

type Writer = Db | Transaction<Database>;

/**
 * Ask the gateway about the attempt `paymentReconcileSeconds` from now. With
 * `after` (the id of the check that queues this one) the follow-up is queued
 * once however often that check runs.
 */
export function enqueuePaymentReconcile(db: Writer, deps: AppDeps, paymentId: string, after?: string): Promise<string> {
  const availableAt = new Date(deps.clock.now().getTime() + deps.config.paymentReconcileSeconds * 1000);
  return enqueue(
    db,
    {
      topic: PAYMENT_RECONCILE,
      payload: { payment_id: paymentId },
      availableAt,
      ...(after === undefined ? {} : { dedupeKey: `${PAYMENT_RECONCILE}:${paymentId}:after:${after}` }),
    },
    deps.clock,
  );
}

/** Release the attempt's gateway payment, once: in the transaction that gives the attempt up. */
export function enqueuePaymentVoid(trx: Transaction<Database>, deps: AppDeps, paymentId: string): Promise<string> {
  return enqueue(
    trx,
    { topic: PAYMENT_VOID, payload: { payment_id: paymentId }, dedupeKey: `${PAYMENT_VOID}:${paymentId}` },
    deps.clock,
  );
}

/**
 * Ask the bank-link provider about an abandoned attempt's payment `LATE_SETTLEMENT_CHECK_MINUTES` from now (as for a
 * top-up): in the transaction that abandons it, then again after each check that found it pending (`after`).
 */
export function enqueuePaymentLateSettlement(
  db: Writer,
  deps: AppDeps,
  paymentId: string,
  after?: string,
): Promise<string> {
  return enqueue(
    db,
    {
      topic: PAYMENT_LATE_SETTLEMENT,
      payload: { payment_id: paymentId },
      availableAt: new Date(deps.clock.now().getTime() + LATE_SETTLEMENT_CHECK_MINUTES * 60_000),
      dedupeKey: `${PAYMENT_LATE_SETTLEMENT}:${paymentId}:after:${after ?? 'abandoned'}`,
    },
    deps.clock,
  );
}
