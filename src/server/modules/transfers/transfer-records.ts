import type { Transaction, Updateable } from 'kysely';
import { formatMinor } from '../../../domain/money.ts';
import {
  EVENT_ACTOR,
  type EventReason,
  type RefundDestination,
  statusLabel,
  type TransferEvent,
  transition,
} from '../../../domain/transfers.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { TransferRow, TransfersTable } from '../../db/tables/transfers.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { Idempotency } from '../../http/idempotency.ts';
import { enqueueTransferStatusNotification } from '../notifications/transfer-status-notification.ts';

type Trx = Transaction<Database>;

/** The customer's transfer by reference; 404 for anyone else's or an unknown one. */
export async function findTransfer(db: Db, customerId: string, transRef: string): Promise<TransferRow> {
  const row = await db
    .selectFrom('transfers')
    .selectAll()
    .where('trans_ref', '=', transRef)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw notFound('Transfer');
  return row;
}

export function transferById(db: Db | Trx, id: string): Promise<TransferRow | undefined> {
  return db.selectFrom('transfers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The transfer under a row lock: every state change reads it this way first, so changes never interleave. */
export function lockTransfer(trx: Trx, id: string): Promise<TransferRow> {
  return trx.selectFrom('transfers').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

type TransitionChanges = Pick<
  Updateable<TransfersTable>,
  'funded_at' | 'paid_at' | 'payment_type' | 'partner_reference'
>;

/** What the history row says besides the move: why, where a refund went, and the customer's key for it. */
export interface TransitionNote {
  reason?: EventReason;
  refundTo?: RefundDestination;
  idempotency?: Idempotency;
}

/**
 * Move a locked transfer by `event` (the domain's table decides), write the
 * history row (who or what moved it, why, where a refund went) and queue the
 * customer's notification, all in `trx`. Refuses a transition the table does
 * not have with 409 InvalidTransition.
 */
export async function recordTransition(
  trx: Trx,
  clock: Clock,
  transfer: TransferRow,
  event: TransferEvent,
  changes: TransitionChanges = {},
  note: TransitionNote = {},
): Promise<TransferRow> {
  const result = transition(transfer.status, event);
  if (!result.ok) throw new ApiError('InvalidTransition', result.refusal);
  const now = clock.now();
  const moved = await trx
    .updateTable('transfers')
    .set({
      ...changes,
      status: result.to,
      close_reason: result.closeReason,
      refund_to: note.refundTo ?? null,
      updated_at: now,
    })
    .where('id', '=', transfer.id)
    .where('status', '=', transfer.status)
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('transfer_events')
    .values({
      transfer_id: moved.id,
      status: moved.status,
      event,
      actor: EVENT_ACTOR[event],
      reason: note.reason ?? null,
      refund_to: note.refundTo ?? null,
      idempotency_key: note.idempotency?.key ?? null,
      request_hash: note.idempotency?.requestHash ?? null,
      at: now,
    })
    .execute();
  await enqueueTransferStatusNotification(
    trx,
    {
      customer_id: moved.customer_id,
      trans_ref: moved.trans_ref,
      status: moved.status,
      label: statusLabel(moved.status, moved.payout_type, moved.close_reason),
      beneficiary_name: moved.beneficiary_name,
      receive_amount: formatMinor(moved.receive_amount, moved.dest_currency),
      dest_currency: moved.dest_currency,
    },
    clock,
  );
  return moved;
}
