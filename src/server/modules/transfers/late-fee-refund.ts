import type { Transaction } from 'kysely';
import { brokePromise } from '../../../domain/delivery-promise.ts';
import { displayMoney, formatMinor } from '../../../domain/money.ts';
import { LATE_FEE_REFUND_BODY_TEXT, LATE_FEE_REFUND_TITLE_TEXT } from '../../../domain/notification-texts.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import { notifyCustomer } from '../notifications/notify-customer.ts';
import { transferPath } from '../notifications/push-sending.ts';

/** The notification's key: the bell says it in the customer's language (features/notifications/notification-text.ts). */
export const LATE_FEE_REFUND_TITLE = 'late_fee.refunded';

/**
 * The delivery promise kept in money: a transfer just paid out (PAID, in the
 * transaction of that move, under its row lock) later than the hours its
 * quote promised after payment gives its fee back to the customer's wallet.
 * The money moves with the payout's own posting (`postPayout` with
 * `lateFeeRefund`, one set of ledger locks); `recordLateFeeRefund` then
 * records it. Exactly once per transfer: the row is marked only while
 * unmarked, the ledger transaction is keyed by the transfer, the history row
 * is unique per transfer and event, and the notification's id is the
 * transfer's.
 */
export function lateFeeDue(paid: TransferRow): boolean {
  if (paid.status !== 'PAID' || paid.fee <= 0n || paid.funded_at === null || paid.paid_at === null) return false;
  return paid.late_fee_refunded_at === null && brokePromise(paid.funded_at, paid.paid_at, paid.promised_hours);
}

/** The late fee's refund, posted with the payout, marked on the transfer, in its history and told to the customer. */
export async function recordLateFeeRefund(
  trx: Transaction<Database>,
  clock: Clock,
  paid: TransferRow,
): Promise<TransferRow> {
  const now = clock.now();
  const marked = await trx
    .updateTable('transfers')
    .set({ late_fee_refunded_at: now, updated_at: now })
    .where('id', '=', paid.id)
    .where('status', '=', 'PAID')
    .where('late_fee_refunded_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  // the row is locked by the caller and was unmarked when the refund was posted
  if (!marked) throw new Error(`transfer ${paid.id}: its late fee was refunded twice`);
  await trx
    .insertInto('transfer_events')
    .values({ transfer_id: marked.id, status: 'PAID', event: 'late_fee_refunded', actor: 'system', at: now })
    .execute();
  await notifyCustomer(trx, clock, {
    id: `ntf_late_fee_${marked.id}`,
    customerId: marked.customer_id,
    category: 'wallet',
    titleKey: LATE_FEE_REFUND_TITLE,
    params: {
      amount: formatMinor(marked.fee, marked.source_currency),
      currency: marked.source_currency,
      trans_ref: marked.trans_ref,
    },
    title: LATE_FEE_REFUND_TITLE_TEXT,
    body: LATE_FEE_REFUND_BODY_TEXT,
    texts: (locale) => ({ amount: displayMoney(marked.fee, marked.source_currency, locale), ref: marked.trans_ref }),
    url: transferPath(marked.trans_ref),
    tag: `late-fee-${marked.id}`,
    pushCategory: 'wallet-credit',
  });
  return marked;
}
