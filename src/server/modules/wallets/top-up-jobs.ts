import type { Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { enqueue } from '../../jobs/outbox.ts';

/**
 * The outbox's part of a card top-up, as for a transfer's card payment:
 * `top-up.reconcile` settles a top-up nobody came back for (the server died
 * while it asked the gateway, the customer left during 3-D Secure) and
 * abandons it past its deadline; `top-up.void` releases its gateway payment;
 * `top-up.late-settlement` credits a bank payment that settles after its
 * top-up was abandoned.
 * `card.forget` tells the gateway to forget a deleted saved card. Handlers:
 * top-up-reconciliation.ts.
 */
export const TOP_UP_RECONCILE = 'top-up.reconcile';
export const TOP_UP_VOID = 'top-up.void';
/** A bank-link top-up abandoned while its bank payment was pending: is the money arriving after all? */
export const TOP_UP_LATE_SETTLEMENT = 'top-up.late-settlement';
/** How often the bank is asked about such a payment, and for how long after the top-up began. */
export const LATE_SETTLEMENT_CHECK_MINUTES = 60;
export const LATE_SETTLEMENT_DAYS = 5;
export const CARD_FORGET = 'card.forget';

type Writer = Db | Transaction<Database>;

/** Look at the top-up `paymentReconcileSeconds` from now; with `after`, queued once however often that check runs. */
export function enqueueTopUpReconcile(db: Writer, deps: AppDeps, topUpId: string, after?: string): Promise<string> {
  const availableAt = new Date(deps.clock.now().getTime() + deps.config.paymentReconcileSeconds * 1000);
  return enqueue(
    db,
    {
      topic: TOP_UP_RECONCILE,
      payload: { top_up_id: topUpId },
      availableAt,
      ...(after === undefined ? {} : { dedupeKey: `${TOP_UP_RECONCILE}:${topUpId}:after:${after}` }),
    },
    deps.clock,
  );
}

/** Release an abandoned top-up's gateway payment, once: in the transaction that abandons it. */
export function enqueueTopUpVoid(trx: Transaction<Database>, deps: AppDeps, topUpId: string): Promise<string> {
  return enqueue(
    trx,
    { topic: TOP_UP_VOID, payload: { top_up_id: topUpId }, dedupeKey: `${TOP_UP_VOID}:${topUpId}` },
    deps.clock,
  );
}

/**
 * Ask the bank-link provider about an abandoned top-up's payment `LATE_SETTLEMENT_CHECK_MINUTES` from now: in the
 * transaction that abandons it, then again after each check that found it pending (`after`: once per check).
 */
export function enqueueLateSettlementCheck(
  db: Writer,
  deps: AppDeps,
  topUpId: string,
  after?: string,
): Promise<string> {
  return enqueue(
    db,
    {
      topic: TOP_UP_LATE_SETTLEMENT,
      payload: { top_up_id: topUpId },
      availableAt: new Date(deps.clock.now().getTime() + LATE_SETTLEMENT_CHECK_MINUTES * 60_000),
      dedupeKey: `${TOP_UP_LATE_SETTLEMENT}:${topUpId}:after:${after ?? 'abandoned'}`,
    },
    deps.clock,
  );
}

/** Have the gateway forget a saved card's token: in the transaction that deletes the card. */
export function enqueueCardForget(trx: Transaction<Database>, deps: AppDeps, gatewayToken: string): Promise<string> {
  return enqueue(trx, { topic: CARD_FORGET, payload: { gateway_token: gatewayToken } }, deps.clock);
}
