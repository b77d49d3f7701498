import type { Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { enqueue } from '../../jobs/outbox.ts';

/**
 * The outbox's part of a card top-up, as for a transfer's card payment:
 * `top-up.reconcile` settles a top-up nobody came back for (the server died
 * while it asked the gateway, the customer left during 3-D Secure) and
 * abandons it past its deadline; `top-up.void` releases its gateway payment.
 * `card.forget` tells the gateway to forget a deleted saved card. Handlers:
 * top-up-reconciliation.ts.
 */
export const TOP_UP_RECONCILE = 'top-up.reconcile';
export const TOP_UP_VOID = 'top-up.void';
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

/** Have the gateway forget a saved card's token: in the transaction that deletes the card. */
export function enqueueCardForget(trx: Transaction<Database>, deps: AppDeps, gatewayToken: string): Promise<string> {
  return enqueue(trx, { topic: CARD_FORGET, payload: { gateway_token: gatewayToken } }, deps.clock);
}
