import type { QueryCreator, Transaction, Updateable } from 'kysely';
import { formatMinor } from '../../../domain/money.ts';
import {
  EVENT_ACTOR,
  type EventActor,
  type EventReason,
  type RefundDestination,
  statusLabel,
  type TransferEvent,
  transition,
} from '../../../domain/transfers.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { HistoryEvent, TransferRow, TransfersTable } from '../../db/tables/transfers.ts';
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

/** A history row, as the statement that changes its transfer writes it. */
export interface HistoryEntry {
  event: HistoryEvent;
  actor: EventActor;
  reason?: EventReason | null;
  refundTo?: RefundDestination | null;
  idempotency?: Idempotency | undefined;
  at: Date;
}

/**
 * The history row of the transfer that the statement's `changed` step wrote
 * (inserted or moved), with the status it now has: part of that statement,
 * so the change and its history are one round trip, and no row is written
 * when the step changed nothing.
 */
export function historyOfChanged(db: QueryCreator<Database & { changed: TransferRow }>, entry: HistoryEntry) {
  return db
    .insertInto('transfer_events')
    .columns([
      'transfer_id',
      'status',
      'event',
      'actor',
      'reason',
      'refund_to',
      'idempotency_key',
      'request_hash',
      'at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('changed')
        .select((s) => [
          'changed.id',
          'changed.status',
          s.cast<HistoryEvent>(s.val(entry.event), 'text').as('event'),
          s.cast<EventActor>(s.val(entry.actor), 'text').as('actor'),
          s.cast<EventReason | null>(s.val(entry.reason ?? null), 'text').as('reason'),
          s.cast<RefundDestination | null>(s.val(entry.refundTo ?? null), 'text').as('refund_to'),
          s.cast<string | null>(s.val(entry.idempotency?.key ?? null), 'text').as('idempotency_key'),
          s.cast<string | null>(s.val(entry.idempotency?.requestHash ?? null), 'text').as('request_hash'),
          s.cast<Date>(s.val(entry.at), 'timestamptz').as('at'),
        ]),
    );
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
    .with('changed', (db) =>
      db
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
        .returningAll(),
    )
    .with('history', (db) =>
      historyOfChanged(db, {
        event,
        actor: EVENT_ACTOR[event],
        reason: note.reason ?? null,
        refundTo: note.refundTo ?? null,
        idempotency: note.idempotency,
        at: now,
      }),
    )
    .selectFrom('changed')
    .selectAll()
    .executeTakeFirstOrThrow();
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
