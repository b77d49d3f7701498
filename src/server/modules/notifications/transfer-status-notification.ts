import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { assert, enums, object, string } from 'superstruct';
import { STATUS_LABEL_KEYS, TRANSFER_STATUSES } from '../../../domain/transfers.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/outbox.ts';
import type { OutboxHandler } from '../../jobs/outbox-worker.ts';
import { enqueueTransferStatusPushes } from './transfer-status-push.ts';

export const TRANSFER_STATUS_NOTIFICATION = 'notification.transfer_status';

const TransferStatusPayload = object({
  notification_id: string(),
  customer_id: string(),
  trans_ref: string(),
  status: enums(TRANSFER_STATUSES),
  label: enums(STATUS_LABEL_KEYS),
  beneficiary_name: string(),
  receive_amount: string(),
  dest_currency: string(),
});

export type TransferStatusChange = Omit<typeof TransferStatusPayload.TYPE, 'notification_id'>;

/** Queue the customer's notification of a status change, in the transaction that made the change. */
export function enqueueTransferStatusNotification(
  trx: Transaction<Database>,
  change: TransferStatusChange,
  clock: Clock,
): Promise<string> {
  const notificationId = `ntf_${randomBytes(16).toString('base64url')}`;
  return enqueue(
    trx,
    { topic: TRANSFER_STATUS_NOTIFICATION, payload: { notification_id: notificationId, ...change } },
    clock,
  );
}

/**
 * Records the notification the bell lists: title `transfer_status.<label>`,
 * translated by the client with its params, and queues its web pushes. The id
 * comes with the event, so a repeated delivery writes nothing new.
 */
export const recordTransferStatusNotification: OutboxHandler = async (payload, { deps }) => {
  assert(payload, TransferStatusPayload);
  const { notification_id, customer_id, label, ...params } = payload;
  await deps.db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('notifications')
      .values({
        id: notification_id,
        customer_id,
        category: 'transactions',
        title_key: `transfer_status.${label}`,
        params: JSON.stringify(params),
        created_at: deps.clock.now(),
        viewed_at: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    // the pushes go with the notification's first recording only
    if (recorded) await enqueueTransferStatusPushes(trx, payload, deps.clock);
  });
};
