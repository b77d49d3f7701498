import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { assert, enums, object, string } from 'superstruct';
import { displayMoney, formatMinor, parseMinor } from '../../../domain/money.ts';
import {
  PROMO_SAVED_BODY_TEXT,
  PROMO_SAVED_TITLE_TEXT,
  TRANSFER_AMOUNT_TO_TEXT,
  TRANSFER_STATUS_TITLE_TEXTS,
} from '../../../domain/notification-texts.ts';
import { STATUS_LABEL_KEYS, TRANSFER_STATUSES } from '../../../domain/transfers.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/outbox.ts';
import type { OutboxHandler } from '../../jobs/outbox-worker.ts';
import { notifyCustomer } from './notify-customer.ts';
import { transferPath } from './push-sending.ts';

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
 * translated by the client with its params, and queues its web pushes (`notifyCustomer`). The id
 * comes with the event, so a repeated delivery writes nothing new.
 */
export const recordTransferStatusNotification: OutboxHandler = async (payload, { deps }) => {
  assert(payload, TransferStatusPayload);
  const { notification_id, customer_id, label, ...params } = payload;
  await deps.db.transaction().execute(async (trx) => {
    const recorded = await notifyCustomer(trx, deps.clock, {
      id: notification_id,
      customerId: customer_id,
      category: 'transactions',
      titleKey: `transfer_status.${label}`,
      params,
      // what the bell shows too, the status, the amount and the recipient, and nothing more (no account or card data)
      title: TRANSFER_STATUS_TITLE_TEXTS[label],
      body: TRANSFER_AMOUNT_TO_TEXT,
      texts: (locale) => ({
        amount: displayMoney(parseMinor(params.receive_amount, params.dest_currency), params.dest_currency, locale),
        name: params.beneficiary_name,
      }),
      url: transferPath(params.trans_ref),
      tag: `transfer-${params.trans_ref}`,
      pushCategory: 'transactions',
    });
    if (recorded && label === 'processing') await notifyPromoSaved(trx, deps.clock, payload.trans_ref);
  });
};

/** The notification's key: the bell says it in the customer's language (features/notifications/notification-text.ts). */
export const PROMO_SAVED_TITLE = 'promo.saved';

/** Once a transfer that spent a promo code is paid: what the code saved, in the bell and by push. */
async function notifyPromoSaved(trx: Transaction<Database>, clock: Clock, transRef: string): Promise<void> {
  const spent = await trx
    .selectFrom('promo_redemptions')
    .innerJoin('transfers', 'transfers.id', 'promo_redemptions.transfer_id')
    .select([
      'transfers.id as transfer_id',
      'transfers.customer_id',
      'transfers.source_currency',
      'promo_redemptions.code',
      'promo_redemptions.discount',
    ])
    .where('transfers.trans_ref', '=', transRef)
    .where('promo_redemptions.released_at', 'is', null)
    .executeTakeFirst();
  if (!spent || spent.discount <= 0n) return;
  await notifyCustomer(trx, clock, {
    id: `ntf_promo_${spent.transfer_id}`,
    customerId: spent.customer_id,
    category: 'bonus',
    titleKey: PROMO_SAVED_TITLE,
    params: {
      code: spent.code,
      amount: formatMinor(spent.discount, spent.source_currency),
      currency: spent.source_currency,
      trans_ref: transRef,
    },
    title: PROMO_SAVED_TITLE_TEXT,
    body: PROMO_SAVED_BODY_TEXT,
    texts: (locale) => ({
      code: spent.code,
      amount: displayMoney(spent.discount, spent.source_currency, locale),
      ref: transRef,
    }),
    url: '/your-promo-codes',
    tag: `promo-${spent.transfer_id}`,
    pushCategory: 'promo',
  });
}
