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

/**
 * Scheduled transfers: the reminder a day before (`{amount}` what goes, `{name}` the recipient, `{total}` what it
 * costs at today's rate, `{short}` what the wallet lacks), a run that went (`{rate}` its rate), one that could not
 * go and why (`{limit}` the customer's least rate), and one whose card payment the bank asks them to confirm.
 */
export const SCHEDULE_REMINDER_TITLE_TEXT = 'Tomorrow we send {amount} to {name}';
export const SCHEDULE_REMINDER_BODY_TEXT = 'At today’s rate it costs {total}.';
export const SCHEDULE_REMINDER_TOP_UP_TEXT = 'At today’s rate it costs {total}: top up your wallet with {short} more.';
export const SCHEDULE_SENT_TITLE_TEXT = 'Your scheduled transfer to {name} is on its way';
export const SCHEDULE_SENT_BODY_TEXT = '{amount} at a rate of {rate}.';
export const SCHEDULE_NOT_SENT_TITLE_TEXT = 'Your scheduled transfer to {name} did not go';
export const SCHEDULE_RATE_BELOW_TEXT = 'The rate was {rate}, below your limit of {limit}.';
export const SCHEDULE_SHORT_TEXT = 'Your wallet was {short} short. Top up and pay it from Transfers.';
export const SCHEDULE_SHORT_NOTHING_MADE_TEXT = 'Your wallet was {short} short.';
export const SCHEDULE_DECLINED_TEXT = 'Your card was declined.';
export const SCHEDULE_FAILED_TEXT = 'Open Sarraf to see why.';
export const SCHEDULE_CONFIRM_TITLE_TEXT = 'Confirm your scheduled transfer to {name}';
export const SCHEDULE_CONFIRM_BODY_TEXT = 'Your bank asks you to confirm the card payment of {total}.';
