import type { Transaction } from 'kysely';
import { displayMoney, formatMinor } from '../../../domain/money.ts';
import { TOP_UP_BODY_TEXT, TOP_UP_TITLE_TEXT } from '../../../domain/notification-texts.ts';
import { TOP_UP_CHALLENGE_MINUTES } from '../../../domain/wallets.ts';
import type { Database } from '../../db/schema.ts';
import type { PayinRow } from '../../db/tables/payins.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { abandonPayin, recordPayinOutcome } from '../../payins/payin-lifecycle.ts';
import type { PayinPurpose } from '../../payins/payin-purposes.ts';
import { notifyCustomer } from '../notifications/notify-customer.ts';
import { postTopUp } from './wallet-postings.ts';

/** The notification's key: the bell says it in the customer's language (features/notifications/notification-text.ts). */
const TOP_UP_TITLE = 'wallet_credit.top_up';

/** Tell the customer their wallet holds the money: a notification in the bell and a push, in their language. */
function notifyTopUp(trx: Transaction<Database>, deps: AppDeps, topUp: PayinRow): Promise<boolean> {
  return notifyCustomer(trx, deps.clock, {
    id: `ntf_topup_${topUp.id}`,
    customerId: topUp.customer_id,
    category: 'wallet',
    titleKey: TOP_UP_TITLE,
    params: { amount: formatMinor(topUp.amount, topUp.currency), currency: topUp.currency },
    title: TOP_UP_TITLE_TEXT,
    body: TOP_UP_BODY_TEXT,
    texts: (locale) => ({ amount: displayMoney(topUp.amount, topUp.currency, locale), currency: topUp.currency }),
    url: '/wallets',
    tag: `top-up-${topUp.id}`,
    pushCategory: 'wallet-credit',
  });
}

/**
 * A top-up of a wallet: the wallet is credited (ledger key `top-up:<id>`) in
 * the transaction that records the approval, so the balance changes only
 * when the money has arrived. A wallet can always take its money. A top-up
 * left waiting for 3-D Secure or the bank past `TOP_UP_CHALLENGE_MINUTES` is
 * abandoned by the reconciler.
 */
export const TOP_UP_PAYIN: PayinPurpose = {
  name: 'top_up',

  async lock(trx, deps) {
    return async (approved) => {
      await postTopUp(trx, approved);
      await notifyTopUp(trx, deps, approved);
    };
  },

  async keepUnbookable() {
    throw new Error('a wallet top-up is always bookable');
  },

  async keepChecking(deps, payin) {
    const deadline = payin.created_at.getTime() + TOP_UP_CHALLENGE_MINUTES * 60_000;
    if (deps.clock.now().getTime() < deadline) return true;
    await deps.db.transaction().execute((trx) => abandonPayin(trx, deps, payin.id));
    return false;
  },

  /**
   * A bank-link top-up abandoned while its bank payment was pending, whose payment settles later: the customer
   * pushed their own money from their bank to ours, so unlike a card authorisation there is nothing to void, and
   * the money is already held for them. Like Wise, whose late bank transfers for a balance top-up land in that
   * balance, we credit the wallet they asked to top up rather than send the money back: a refund would be one more
   * payout, with its days and its chance of failing, for money they can withdraw or spend from the wallet anyway.
   * The credit is the same `top-up:<id>` ledger posting an approval in time makes, under the row's ABANDONED guard,
   * so a settlement reported twice or checked by two workers at once credits once.
   */
  async settleLate(deps, payin) {
    await recordPayinOutcome(
      deps,
      TOP_UP_PAYIN,
      payin,
      { status: 'APPROVED', code: 'approved', updated_at: deps.clock.now() },
      ['ABANDONED'],
    );
  },
};
