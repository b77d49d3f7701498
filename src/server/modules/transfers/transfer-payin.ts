import type { Transaction } from 'kysely';
import { displayMoney, formatMinor } from '../../../domain/money.ts';
import { LATE_PAYMENT_BODY_TEXT, LATE_PAYMENT_TITLE_TEXT } from '../../../domain/notification-texts.ts';
import type { Database } from '../../db/schema.ts';
import type { PayinRow } from '../../db/tables/payins.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { PayinPurpose } from '../../payins/payin-purposes.ts';
import { notifyCustomer } from '../notifications/notify-customer.ts';
import { postBankCreditToWallet } from '../wallets/wallet-postings.ts';
import { enqueuePayoutSubmission } from './payout-jobs.ts';
import { postFunding } from './transfer-postings.ts';
import { lockTransfer, recordTransition, transferById } from './transfer-records.ts';

type Trx = Transaction<Database>;

/** The notification's key: the bell says it in the customer's language (features/notifications/notification-text.ts). */
const LATE_PAYMENT_TITLE = 'late_payment.to_wallet';

function transferOf(payin: PayinRow): string {
  if (payin.transfer_id === null) throw new Error(`pay-in ${payin.id} pays no transfer`);
  return payin.transfer_id;
}

/** Tell the customer where the money went: a notification in the bell and a push, in their language. */
function notifyLatePayment(trx: Trx, deps: AppDeps, payin: PayinRow): Promise<boolean> {
  return notifyCustomer(trx, deps.clock, {
    id: `ntf_late_${payin.id}`,
    customerId: payin.customer_id,
    category: 'wallet',
    titleKey: LATE_PAYMENT_TITLE,
    params: { amount: formatMinor(payin.amount, payin.currency), currency: payin.currency, trans_ref: payin.reference },
    title: LATE_PAYMENT_TITLE_TEXT,
    body: LATE_PAYMENT_BODY_TEXT,
    texts: (locale) => ({ amount: displayMoney(payin.amount, payin.currency, locale), ref: payin.reference }),
    url: '/wallets',
    tag: `late-payment-${payin.id}`,
    pushCategory: 'wallet-credit',
  });
}

/**
 * A transfer's payment: approved money funds the transfer while it awaits
 * payment (AWAITING → PENDING, its history row, the ledger postings and the
 * payout partner's outbox event, in one transaction). Money that comes when
 * it no longer awaits payment (it expired while the bank answered) is never
 * booked to it: a card's charge is voided, a bank link's money, which cannot
 * be taken back like a card charge, goes to the customer's wallet, as does a
 * bank payment that settles after its attempt was abandoned at the expiry.
 */
export const TRANSFER_PAYIN: PayinPurpose = {
  name: 'transfer',

  async lock(trx, deps, payin) {
    const transfer = await lockTransfer(trx, transferOf(payin));
    if (transfer.status !== 'AWAITING') return undefined;
    return async (approved) => {
      const now = deps.clock.now();
      const bankLink = approved.method === 'bank_link';
      const funded = await recordTransition(trx, deps.clock, transfer, 'payment_approved', {
        funded_at: now,
        payment_type: bankLink ? 'trustly' : 'card',
      });
      await postFunding(trx, funded, now, bankLink ? 'bank_link' : 'card');
      await enqueuePayoutSubmission(trx, deps, funded);
    };
  },

  async keepUnbookable(trx, deps, payin) {
    await postBankCreditToWallet(trx, {
      id: payin.id,
      customerId: payin.customer_id,
      amount: payin.amount,
      currency: payin.currency,
      at: deps.clock.now(),
    });
    deps.logger.warn(
      { payinId: payin.id },
      'bank link settled for a transfer not awaiting payment; credited the wallet',
    );
  },

  // the transfer's expiry (transfer-expiry.ts) ends a payment left open at the latest
  async keepChecking(deps, payin) {
    return (await transferById(deps.db, transferOf(payin)))?.status === 'AWAITING';
  },

  // the transfer is closed and its rate gone: the money goes where a bank transfer that came too late goes
  async settleLate(deps, payin) {
    await deps.db.transaction().execute(async (trx) => {
      const credit = await postBankCreditToWallet(trx, {
        id: `bank-link:${payin.id}`,
        customerId: payin.customer_id,
        amount: payin.amount,
        currency: payin.currency,
        at: deps.clock.now(),
      });
      if (!credit.replayed) await notifyLatePayment(trx, deps, payin);
    });
  },
};
