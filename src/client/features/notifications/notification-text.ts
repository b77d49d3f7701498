import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Notification } from '../../../domain/contract/notifications.ts';
import { displayMoney, parseMinor } from '../../../domain/money.ts';
import type { StatusLabelKey } from '../../../domain/transfers.ts';
import { scheduleText } from './schedule-notification-text.ts';

const TRANSFER_STATUS_TITLES: Readonly<Record<StatusLabelKey, MessageDescriptor>> = {
  waiting_for_payment: msg`We are waiting for your payment`,
  processing: msg`Your transfer is being processed`,
  sent_for_pay: msg`Your transfer was sent for payout`,
  ready_for_pickup: msg`Your money is ready for pickup`,
  completed: msg`Your money has been delivered`,
  canceled: msg`Your transfer was cancelled`,
  rejected: msg`Your transfer was rejected`,
};

const TRANSFER_STATUS_PREFIX = 'transfer_status.';

function transferStatusTitle(titleKey: string): MessageDescriptor | undefined {
  if (!titleKey.startsWith(TRANSFER_STATUS_PREFIX)) return undefined;
  const label = titleKey.slice(TRANSFER_STATUS_PREFIX.length);
  return Object.hasOwn(TRANSFER_STATUS_TITLES, label) ? TRANSFER_STATUS_TITLES[label as StatusLabelKey] : undefined;
}

const RATE_ALERT_KEY = 'rate_alert.reached';

/** A fired rate alert: the pair and the rate it reached. */
function rateAlertText(notification: Notification, i18n: I18n): { title: string; text: string | null } {
  const { from_currency: from = '', to_currency: to = '', rate = '', target_rate: target = '' } = notification.params;
  return {
    title: i18n._(msg`Your rate alert for ${from} to ${to} was reached`),
    text: i18n._(msg`1 ${from} now buys ${rate} ${to} (your target: ${target}).`),
  };
}

/** A wallet notification's `amount` (a decimal of its `currency`) as money in the reader's language. */
function amountOf({ params: { amount = '', currency = '' } }: Notification, i18n: I18n): string {
  return amount && currency ? displayMoney(parseMinor(amount, currency), currency, i18n.locale) : amount;
}

const LATE_PAYMENT_KEY = 'late_payment.to_wallet';

/** A transfer's bank payment that came after the transfer closed: where the money went. */
function latePaymentText(notification: Notification, i18n: I18n): { title: string; text: string | null } {
  const { trans_ref: ref = '' } = notification.params;
  const amount = amountOf(notification, i18n);
  return {
    title: i18n._(msg`Your bank payment arrived after your transfer closed`),
    text: i18n._(msg`We put ${amount} into your Sarraf wallet. Transfer ${ref} was not sent.`),
  };
}

const TOP_UP_KEY = 'wallet_credit.top_up';

/** A top-up credited to a wallet: how much, into which. */
function topUpText(notification: Notification, i18n: I18n): { title: string; text: string | null } {
  const { currency = '' } = notification.params;
  const amount = amountOf(notification, i18n);
  return {
    title: i18n._(msg`Your wallet was topped up`),
    text: i18n._(msg`${amount} is now in your ${currency} wallet.`),
  };
}

const PROMO_SAVED_KEY = 'promo.saved';

/** A paid transfer whose fee a promo code lowered: the code and what it saved. */
function promoSavedText(notification: Notification, i18n: I18n): { title: string; text: string | null } {
  const { code = '', trans_ref: ref = '' } = notification.params;
  const amount = amountOf(notification, i18n);
  return {
    title: i18n._(msg`Your code ${code} saved you ${amount}`),
    text: i18n._(msg`It came off the fee of transfer ${ref}.`),
  };
}

const LATE_FEE_KEY = 'late_fee.refunded';

/** A transfer paid out later than promised: its fee went back to the wallet. */
function lateFeeText(notification: Notification, i18n: I18n): { title: string; text: string | null } {
  const { trans_ref: ref = '' } = notification.params;
  const amount = amountOf(notification, i18n);
  return {
    title: i18n._(msg`Your transfer arrived late: we gave your fee back`),
    text: i18n._(msg`We put ${amount} into your Sarraf wallet for transfer ${ref}.`),
  };
}

/**
 * A notification as the customer reads it, in the current language: the
 * title its key names, and for a transfer the recipient and amount. A key
 * this version does not know yet still reads as a notification.
 */
export function notificationText(notification: Notification, i18n: I18n): { title: string; text: string | null } {
  if (notification.title_key === RATE_ALERT_KEY) return rateAlertText(notification, i18n);
  if (notification.title_key === LATE_PAYMENT_KEY) return latePaymentText(notification, i18n);
  if (notification.title_key === TOP_UP_KEY) return topUpText(notification, i18n);
  if (notification.title_key === PROMO_SAVED_KEY) return promoSavedText(notification, i18n);
  if (notification.title_key === LATE_FEE_KEY) return lateFeeText(notification, i18n);
  const schedule = scheduleText(notification, i18n);
  if (schedule) return schedule;
  const title = i18n._(transferStatusTitle(notification.title_key) ?? msg`You have a new update`);
  const { beneficiary_name: name, receive_amount: receive, dest_currency: currency } = notification.params;
  if (!name || !receive || !currency) return { title, text: null };
  const amount = displayMoney(parseMinor(receive, currency), currency, i18n.locale);
  return { title, text: i18n._(msg`${amount} to ${name}`) };
}
