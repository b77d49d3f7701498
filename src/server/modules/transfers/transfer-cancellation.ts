import type { CancelTransferRequest, Transfer } from '../../../domain/contract/transfers.ts';
import { cancellableUntil } from '../../../domain/transfers.ts';
import type { TransferEventRow, TransferRow } from '../../db/tables/transfers.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { type Idempotency, oncePerKey } from '../../http/idempotency.ts';
import { openAttempt } from './payment-service.ts';
import { findTransfer, lockTransfer, recordTransition } from './transfer-records.ts';
import { refundTransfer } from './transfer-refunds.ts';
import { transferDetails } from './transfer-view.ts';

const PAYMENT_OPEN = 'A card payment for this transfer is in progress. Wait for its result, then cancel.';
const NO_RIGHT = 'This transfer can no longer be cancelled';
const TOO_LATE = 'This transfer can no longer be cancelled: the cancellation period has ended';
const PAID_OUT = 'This transfer can no longer be cancelled: the recipient has been paid';

function eventByKey(deps: AppDeps, transferId: string, key: string): Promise<TransferEventRow | undefined> {
  return deps.db
    .selectFrom('transfer_events')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The history row the cancel just wrote (the last one: written under the transfer's lock). */
function lastEvent(deps: AppDeps, transferId: string): Promise<TransferEventRow> {
  return deps.db
    .selectFrom('transfer_events')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

/** A transfer not paid for closes at once; no money has moved. */
async function cancelUnpaid(deps: AppDeps, transfer: TransferRow, idempotency: Idempotency): Promise<void> {
  if (await openAttempt(deps.db, transfer.id)) throw new ApiError('InvalidTransition', PAYMENT_OPEN);
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockTransfer(trx, transfer.id);
    if (await openAttempt(trx, locked.id)) throw new ApiError('InvalidTransition', PAYMENT_OPEN);
    await recordTransition(trx, deps.clock, locked, 'cancelled', {}, { reason: 'customer_request', idempotency });
  });
}

/**
 * A paid transfer inside the cancellation right: recalled from the payout
 * partner first when it has the order (refused once paid out), then closed
 * and refunded in full, in one transaction under the transfer's lock.
 */
async function recallPaid(
  deps: AppDeps,
  transfer: TransferRow,
  request: CancelTransferRequest,
  idempotency: Idempotency,
): Promise<void> {
  const until = cancellableUntil(transfer, deps.config.cancellationRightSeconds);
  if (until === null) throw new ApiError('CancellationWindowClosed', NO_RIGHT);
  if (deps.clock.now() >= until) throw new ApiError('CancellationWindowClosed', TOO_LATE);
  const refundTo = request.refund_to;
  if (refundTo === undefined) {
    throw new ApiError('ValidationFailed', 'Choose where the refund goes: wallet or card', 'refund_to');
  }
  if (refundTo === 'card' && transfer.payment_type !== 'card') {
    throw new ApiError(
      'ValidationFailed',
      'This transfer was not paid by card: its refund goes to your wallet',
      'refund_to',
    );
  }
  if (transfer.status === 'SENT' && transfer.partner_reference !== null) {
    const recall = await deps.providers.payoutPartner.cancel(transfer.partner_reference);
    if (recall === 'too_late') throw new ApiError('CancellationWindowClosed', PAID_OUT);
  }
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockTransfer(trx, transfer.id);
    if (locked.status !== 'PENDING' && locked.status !== 'SENT')
      throw new ApiError('CancellationWindowClosed', NO_RIGHT);
    const closed = await recordTransition(
      trx,
      deps.clock,
      locked,
      'recalled',
      {},
      { reason: 'customer_request', refundTo, idempotency },
    );
    await refundTransfer(trx, deps, closed, deps.clock.now());
  });
}

/**
 * POST /remit/transaction/cancel. Before paying any customer may cancel; after
 * paying, a US sender may within the cancellation right (30 minutes), while
 * the recipient has not been paid, and gets everything back, fee included,
 * to the wallet or the card. Idempotent on the key: the same request again
 * answers with the transfer; a refused one changes nothing.
 */
export async function cancelTransfer(
  deps: AppDeps,
  customerId: string,
  request: CancelTransferRequest,
  idempotency: Idempotency,
): Promise<Transfer> {
  const transfer = await findTransfer(deps.db, customerId, request.trans_ref);
  await oncePerKey(
    idempotency,
    () => eventByKey(deps, transfer.id, idempotency.key),
    async () => {
      if (transfer.status === 'AWAITING') await cancelUnpaid(deps, transfer, idempotency);
      else await recallPaid(deps, transfer, request, idempotency);
      return lastEvent(deps, transfer.id);
    },
  );
  return transferDetails(deps, await findTransfer(deps.db, customerId, request.trans_ref));
}
