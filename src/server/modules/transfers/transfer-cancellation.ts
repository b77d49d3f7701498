import type { Transaction } from 'kysely';
import type { CancelTransferRequest, Transfer } from '../../../domain/contract/transfers.ts';
import { cancellableUntil } from '../../../domain/transfers.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { TransferEventRow, TransferRow } from '../../db/tables/transfers.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { type Idempotency, oncePerKey } from '../../http/idempotency.ts';
import { openTransferPayin } from '../../payins/payin-records.ts';
import { findTransfer, lockTransfer, recordTransition } from './transfer-records.ts';
import { refundTransfer } from './transfer-refunds.ts';
import { transferDetails } from './transfer-view.ts';

const PAYMENT_OPEN = 'A card payment for this transfer is in progress. Wait for its result, then cancel.';
const NO_RIGHT = 'This transfer can no longer be cancelled';
const TOO_LATE = 'This transfer can no longer be cancelled: the cancellation period has ended';
const PAID_OUT = 'This transfer can no longer be cancelled: the recipient has been paid';

/** The history row a cancel under this key wrote. */
function eventByKey(
  db: Db | Transaction<Database>,
  transferId: string,
  key: string,
): Promise<TransferEventRow | undefined> {
  return db
    .selectFrom('transfer_events')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * A transfer not paid for closes at once; no money has moved. Answers the
 * history row it wrote, or undefined when a racing call with this key closed
 * it while this one waited for the lock.
 */
async function cancelUnpaid(
  deps: AppDeps,
  transfer: TransferRow,
  idempotency: Idempotency,
): Promise<TransferEventRow | undefined> {
  if (await openTransferPayin(deps.db, transfer.id)) throw new ApiError('InvalidTransition', PAYMENT_OPEN);
  return deps.db.transaction().execute(async (trx) => {
    const locked = await lockTransfer(trx, transfer.id);
    if (await eventByKey(trx, locked.id, idempotency.key)) return undefined;
    if (await openTransferPayin(trx, locked.id)) throw new ApiError('InvalidTransition', PAYMENT_OPEN);
    await recordTransition(trx, deps.clock, locked, 'cancelled', {}, { reason: 'customer_request', idempotency });
    return eventByKey(trx, locked.id, idempotency.key);
  });
}

/**
 * A paid transfer inside the cancellation right: recalled from the payout
 * partner first when it has the order (refused once paid out), then closed
 * and refunded in full, in one transaction under the transfer's lock.
 * Answers undefined when a racing call with this key recalled it first (the
 * partner's recall answers "cancelled" again for an order already recalled).
 */
async function recallPaid(
  deps: AppDeps,
  transfer: TransferRow,
  request: CancelTransferRequest,
  idempotency: Idempotency,
): Promise<TransferEventRow | undefined> {
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
  return deps.db.transaction().execute(async (trx) => {
    const locked = await lockTransfer(trx, transfer.id);
    // a racing call with this key recalled it while we waited for the lock: answer with its result
    if (await eventByKey(trx, locked.id, idempotency.key)) return undefined;
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
    return eventByKey(trx, locked.id, idempotency.key);
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
    () => eventByKey(deps.db, transfer.id, idempotency.key),
    () =>
      transfer.status === 'AWAITING'
        ? cancelUnpaid(deps, transfer, idempotency)
        : recallPaid(deps, transfer, request, idempotency),
  );
  return transferDetails(deps, await findTransfer(deps.db, customerId, request.trans_ref));
}
