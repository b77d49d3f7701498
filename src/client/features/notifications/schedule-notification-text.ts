import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Notification } from '../../../domain/contract/notifications.ts';
import { displayMoney, parseMinor } from '../../../domain/money.ts';

/**
 * What the bell says of a scheduled transfer (the server's push says the
 * same, from src/domain/notification-texts.ts): the reminder a day before, a
 * run that went, one that could not go and why, one waiting for the customer
 * to confirm its card payment. Undefined for any other notification.
 */
export function scheduleText(notification: Notification, i18n: I18n): { title: string; text: string } | undefined {
  const p = notification.params;
  const name = p.name ?? '';
  const wire = (amount: string | undefined, currency: string | undefined) =>
    amount && currency ? displayMoney(parseMinor(amount, currency), currency, i18n.locale) : '';
  switch (notification.title_key) {
    case 'schedule.reminder': {
      const amount = wire(p.amount, p.amount_currency);
      const total = wire(p.total, p.currency);
      const short = wire(p.short, p.currency);
      const toTopUp = p.short !== undefined && /[1-9]/.test(p.short);
      return {
        title: i18n._(msg`Tomorrow we send ${amount} to ${name}`),
        text: toTopUp
          ? i18n._(msg`At today’s rate it costs ${total}: top up your wallet with ${short} more.`)
          : i18n._(msg`At today’s rate it costs ${total}.`),
      };
    }
    case 'schedule.sent': {
      const amount = wire(p.amount, p.currency);
      const rate = p.rate ?? '';
      return {
        title: i18n._(msg`Your scheduled transfer to ${name} is on its way`),
        text: i18n._(msg`${amount} at a rate of ${rate}.`),
      };
    }
    case 'schedule.confirm': {
      const total = wire(p.total, p.currency);
      return {
        title: i18n._(msg`Confirm your scheduled transfer to ${name}`),
        text: i18n._(msg`Your bank asks you to confirm the card payment of ${total}.`),
      };
    }
    case 'schedule.not_sent': {
      const { rate = '', limit = '' } = p;
      const short = wire(p.short, p.currency);
      const text =
        p.outcome === 'rate_below_limit'
          ? msg`The rate was ${rate}, below your limit of ${limit}.`
          : p.outcome === 'insufficient_funds'
            ? p.trans_ref
              ? msg`Your wallet was ${short} short. Top up and pay it from Transfers.`
              : msg`Your wallet was ${short} short.`
            : p.outcome === 'payment_declined'
              ? msg`Your card was declined.`
              : msg`Open Sarraf to see why.`;
      return { title: i18n._(msg`Your scheduled transfer to ${name} did not go`), text: i18n._(text) };
    }
    default:
      return undefined;
  }
}
