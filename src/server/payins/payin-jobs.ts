import type { Transaction } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../http/app-env.ts';
import { enqueue } from '../jobs/outbox.ts';

/**
 * The outbox's part of a pay-in. `payin.reconcile` settles an attempt nobody
 * came back for (the server died while it asked the gateway, the customer
 * closed the page during 3-D Secure); `payin.void` releases a card charge we
 * will not book; `payin.late-settlement` credits a bank-link payment that
 * settles after its pay-in was abandoned. Handlers: payin-reconciliation.ts.
 */
export const PAYIN_RECONCILE = 'payin.reconcile';
export const PAYIN_VOID = 'payin.void';
export const PAYIN_LATE_SETTLEMENT = 'payin.late-settlement';
/** How often the bank is asked about an abandoned bank-link payment, and for how long after the pay-in began. */
export const LATE_SETTLEMENT_CHECK_MINUTES = 60;
export const LATE_SETTLEMENT_DAYS = 5;

type Writer = Db | Transaction<Database>;

/**
 * Ask the provider about the pay-in `paymentReconcileSeconds` from now. With
 * `after` (the id of the check that queues this one) the follow-up is queued
 * once however often that check runs.
 */
export function enqueuePayinReconcile(db: Writer, deps: AppDeps, payinId: string, after?: string): Promise<string> {
  const availableAt = new Date(deps.clock.now().getTime() + deps.config.paymentReconcileSeconds * 1000);
  return enqueue(
    db,
    {
      topic: PAYIN_RECONCILE,
      payload: { payin_id: payinId },
      availableAt,
      ...(after === undefined ? {} : { dedupeKey: `${PAYIN_RECONCILE}:${payinId}:after:${after}` }),
    },
    deps.clock,
  );
}

/** Release the pay-in's card charge, once: in the transaction that gives it up. */
export function enqueuePayinVoid(trx: Transaction<Database>, deps: AppDeps, payinId: string): Promise<string> {
  return enqueue(
    trx,
    { topic: PAYIN_VOID, payload: { payin_id: payinId }, dedupeKey: `${PAYIN_VOID}:${payinId}` },
    deps.clock,
  );
}

/**
 * Ask the bank-link provider about an abandoned pay-in's payment
 * `LATE_SETTLEMENT_CHECK_MINUTES` from now: in the transaction that abandons
 * it, then again after each check that found it pending (`after`).
 */
export function enqueueLateSettlementCheck(
  db: Writer,
  deps: AppDeps,
  payinId: string,
  after?: string,
): Promise<string> {
  return enqueue(
    db,
    {
      topic: PAYIN_LATE_SETTLEMENT,
      payload: { payin_id: payinId },
      availableAt: new Date(deps.clock.now().getTime() + LATE_SETTLEMENT_CHECK_MINUTES * 60_000),
      dedupeKey: `${PAYIN_LATE_SETTLEMENT}:${payinId}:after:${after ?? 'abandoned'}`,
    },
    deps.clock,
  );
}

/** Whether an abandoned bank-link payment begun then may still settle at `now`. */
export function mayStillSettle(payin: { created_at: Date }, now: Date): boolean {
  return now.getTime() < payin.created_at.getTime() + LATE_SETTLEMENT_DAYS * 24 * 60 * 60_000;
}
