import type { Transaction } from 'kysely';
import { assert, object, string } from 'superstruct';
import type { Database } from '../../db/schema.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { enqueue } from '../../jobs/outbox.ts';
import type { OutboxHandler } from '../../jobs/outbox-worker.ts';
import { approvedTransferPayin } from '../../payins/payin-records.ts';
import { postRefund } from './transfer-postings.ts';
import { transferById } from './transfer-records.ts';

/**
 * A refunded transfer's money goes back exactly once: in the transaction
 * that closes it, through the ledger (keyed by the transfer, so a repeat
 * posts nothing), to the wallet or on to the card that paid; the card's part
 * is `payment.refund` at the gateway, under one key per transfer.
 */
export const PAYMENT_REFUND = 'payment.refund';

const TransferPayload = object({ transfer_id: string() });

/** Give a transfer just closed with `refund_to` set everything the customer paid, in `trx`. */
export async function refundTransfer(
  trx: Transaction<Database>,
  deps: AppDeps,
  closed: TransferRow,
  at: Date,
): Promise<void> {
  if (closed.refund_to === null) throw new Error(`transfer ${closed.id} was closed without a refund destination`);
  await postRefund(trx, closed, at);
  if (closed.refund_to !== 'card') return;
  await enqueue(
    trx,
    { topic: PAYMENT_REFUND, payload: { transfer_id: closed.id }, dedupeKey: `${PAYMENT_REFUND}:${closed.id}` },
    deps.clock,
  );
}

/** `payment.refund`: the gateway gives the approved card payment of a transfer refunded to the card back. */
export const refundCardPayment: OutboxHandler = async (payload, { deps }) => {
  assert(payload, TransferPayload);
  const transfer = await transferById(deps.db, payload.transfer_id);
  if (transfer?.refund_to !== 'card') return;
  const attempt = await approvedTransferPayin(deps.db, transfer.id);
  if (!attempt?.gateway_payment_id) throw new Error(`transfer ${transfer.id} has no approved card payment to refund`);
  await deps.providers.cardGateway.refund(
    {
      paymentId: attempt.gateway_payment_id,
      amount: attempt.amount,
      currency: attempt.currency,
      reference: transfer.id,
    },
    { idempotencyKey: `refund:${transfer.id}` },
  );
};
