import type { StatusLabelKey } from './transfers.ts';

/**
 * The English source of what a transfer's or a rate alert's notification says, the same
 * messages the bell shows (its translations are those of the client's
 * catalogs); the server translates them for a push with `src/server/i18n`.
 */
export const TRANSFER_STATUS_TITLE_TEXTS: Readonly<Record<StatusLabelKey, string>> = {
  waiting_for_payment: 'We are waiting for your payment',
  processing: 'Your transfer is being processed',
  sent_for_pay: 'Your transfer was sent for payout',
  ready_for_pickup: 'Your money is ready for pickup',
  completed: 'Your money has been delivered',
  canceled: 'Your transfer was cancelled',
  rejected: 'Your transfer was rejected',
};

/** The body under the title: the amount the recipient gets and who. */
export const TRANSFER_AMOUNT_TO_TEXT = '{amount} to {name}';

/** A fired rate alert's title and body: what the bell says of it (`{from}`, `{to}` currencies, `{rate}`, `{target}`). */
export const RATE_ALERT_TITLE_TEXT = 'Your rate alert for {from} to {to} was reached';
export const RATE_ALERT_BODY_TEXT = '1 {from} now buys {rate} {to} (your target: {target}).';

/** A transfer's bank payment that arrived after the transfer closed, put into the wallet (`{amount}`, `{ref}` the transfer). */
export const LATE_PAYMENT_TITLE_TEXT = 'Your bank payment arrived after your transfer closed';
export const LATE_PAYMENT_BODY_TEXT = 'We put {amount} into your Sarraf wallet. Transfer {ref} was not sent.';

/** A top-up credited to a wallet (`{amount}` with its currency, `{currency}` the wallet's). */
export const TOP_UP_TITLE_TEXT = 'Your wallet was topped up';
export const TOP_UP_BODY_TEXT = '{amount} is now in your {currency} wallet.';

/** A paid transfer whose fee a promo code lowered (`{code}`, `{amount}` saved, `{ref}` the transfer). */
export const PROMO_SAVED_TITLE_TEXT = 'Your code {code} saved you {amount}';
export const PROMO_SAVED_BODY_TEXT = 'It came off the fee of transfer {ref}.';

/** A transfer paid out later than promised, its fee given back (`{amount}` the fee, `{ref}` the transfer). */
export const LATE_FEE_REFUND_TITLE_TEXT = 'Your transfer arrived late: we gave your fee back';
export const LATE_FEE_REFUND_BODY_TEXT = 'We put {amount} into your Sarraf wallet for transfer {ref}.';
