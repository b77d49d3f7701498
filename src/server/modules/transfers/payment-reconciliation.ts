import type { Transaction } from 'kysely';
import { assert, object, string } from 'superstruct';
import { displayMoney, formatMinor } from '../../../domain/money.ts';
import { LATE_PAYMENT_BODY_TEXT, LATE_PAYMENT_TITLE_TEXT } from '../../../domain/notification-texts.ts';
import type { Database } from '../../db/schema.ts';
import type { PaymentRow, TransferRow } from '../../db/tables/transfers.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { OutboxHandler } from '../../jobs/outbox-worker.ts';
import { bankLinkOutcome } from '../../providers/bank-link/bank-link-outcome.ts';
import { notifyCustomer } from '../notifications/notify-customer.ts';
import { mayStillSettle } from '../wallets/top-up-service.ts';
import { postBankCreditToWallet } from '../wallets/wallet-postings.ts';
import { enqueuePaymentLateSettlement, enqueuePaymentReconcile } from './payment-jobs.ts';
import { attemptById, OPEN_ATTEMPTS, settleAttempt } from './payment-service.ts';
import { transferById } from './transfer-records.ts';

const PaymentPayload = object({ payment_id: string() });

/** The notification's key: the bell says it in the customer's language (features/notifications/notification-text.ts). */
export const LATE_PAYMENT_TITLE = 'late_payment.to_wallet';

/**
 * `payment.reconcile`: settle an open attempt with the gateway without the
 * customer. A PROCESSING attempt is authorized again under its own key: the
 * gateway answers with the decision it already made, or, if our first call
 * never reached it, decides now on the payment the customer asked for while
 * the rate held. A WAITING one (3-D Secure) is looked up, and checked again
 * later while it waits; the transfer's expiry ends it at the latest. An
 * attempt already settled is left alone.
 */
export const reconcilePayment: OutboxHandler = async (payload, { deps, eventId }) => {
  assert(payload, PaymentPayload);
  const attempt = await attemptById(deps.db, payload.payment_id);
  if (!attempt || !OPEN_ATTEMPTS.includes(attempt.status)) return;
  const transfer = await transferById(deps.db, attempt.transfer_id);
  if (!transfer) throw new Error(`payment ${attempt.id} has no transfer`);
  const settled = await settleAttempt(deps, transfer, attempt);
  if (OPEN_ATTEMPTS.includes(settled.status) && transfer.status === 'AWAITING') {
    await enqueuePaymentReconcile(deps.db, deps, settled.id, eventId);
  }
};

/**
 * `payment.void`: release at the gateway an attempt we gave up (ABANDONED at
 * the transfer's expiry) or an approval that came too late to book (VOIDED).
 * Never a payment that funded its transfer.
 */
export const voidPayment: OutboxHandler = async (payload, { deps }) => {
  assert(payload, PaymentPayload);
  const attempt = await attemptById(deps.db, payload.payment_id);
  if (!attempt?.gateway_payment_id) return;
  if (attempt.status !== 'VOIDED' && attempt.status !== 'ABANDONED') {
    deps.logger.error({ paymentId: attempt.id, status: attempt.status }, 'refusing to void a payment still in use');
    return;
  }
  await deps.providers.cardGateway.void(attempt.gateway_payment_id);
};

/**
 * `payment.late-settlement`: a bank-link payment abandoned at its transfer's
 * expiry that the bank settles after all. The transfer is closed and its rate
 * gone, so the money goes where a bank transfer that came too late goes: the
 * customer's wallet in the transfer's currency (bank settlement → wallet),
 * under a ledger key of its own, so it is credited once however often this
 * runs. While the bank still has it pending, and it may still settle, it is
 * asked again later; a payment the bank ended otherwise is left alone.
 */
export const checkLatePaymentSettlement: OutboxHandler = async (payload, { deps, eventId }) => {
  assert(payload, PaymentPayload);
  const attempt = await attemptById(deps.db, payload.payment_id);
  if (attempt?.status !== 'ABANDONED' || attempt.bank_payment_id === null) return;
  const transfer = await transferById(deps.db, attempt.transfer_id);
  if (!transfer) throw new Error(`payment ${attempt.id} has no transfer`);
  const outcome = bankLinkOutcome(await deps.providers.bankLink.status(attempt.bank_payment_id));
  const now = deps.clock.now();
  if (outcome.status === 'APPROVED') {
    await deps.db.transaction().execute(async (trx) => {
      const credit = await postBankCreditToWallet(trx, {
        id: `bank-link:${attempt.id}`,
        customerId: transfer.customer_id,
        amount: attempt.amount,
        currency: attempt.currency,
        at: now,
      });
      if (!credit.replayed) await notifyLatePayment(trx, deps, transfer, attempt);
    });
    return;
  }
  if (outcome.status === 'WAITING' && mayStillSettle(attempt, now)) {
    await enqueuePaymentLateSettlement(deps.db, deps, attempt.id, eventId);
  }
};

/** Tell the customer where the money went: a notification in the bell and a push, in their language. */
function notifyLatePayment(
  trx: Transaction<Database>,
  deps: AppDeps,
  transfer: TransferRow,
  attempt: PaymentRow,
): Promise<boolean> {
  return notifyCustomer(trx, deps.clock, {
    id: `ntf_late_${attempt.id}`,
    customerId: transfer.customer_id,
    category: 'wallet',
    titleKey: LATE_PAYMENT_TITLE,
    params: {
      amount: formatMinor(attempt.amount, attempt.currency),
      currency: attempt.currency,
      trans_ref: transfer.trans_ref,
    },
    title: LATE_PAYMENT_TITLE_TEXT,
    body: LATE_PAYMENT_BODY_TEXT,
    texts: (locale) => ({ amount: displayMoney(attempt.amount, attempt.currency, locale), ref: transfer.trans_ref }),
    url: '/wallets',
    tag: `late-payment-${attempt.id}`,
    pushCategory: 'wallet-credit',
  });
}
