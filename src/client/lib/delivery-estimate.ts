import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PayoutType } from '../../domain/payout-types.ts';
import { type DateFormat, dateFormat } from './date-format.ts';

/**
 * When the money arrives (SPEC §9: a fast card flow up to 1 hour, otherwise
 * up to 3 days). Transfers are paid by card, and mobile money, cash pickup,
 * card and wallet payouts are credited as soon as the partner has the money;
 * bank deposits ride the destination's bank rails, which take up to 3 days.
 */
export const DELIVERY_ESTIMATES: Readonly<Record<PayoutType, MessageDescriptor>> = {
  mobile: msg`Arrives in up to 1 hour`,
  cash: msg`Ready to collect in up to 1 hour`,
  card: msg`Arrives in up to 1 hour`,
  wallet: msg`Arrives in up to 1 hour`,
  bank: msg`Arrives in up to 3 days`,
};

/** The delivery promise's rule (server: late-fee-refund.ts), under the quote and on the receipt. */
export const PROMISE_RULE = msg`Our promise: if the money arrives later than this, we put your fee back in your Sarraf wallet.`;

/**
 * When the money is there at the latest if paid now: the corridor's delivery
 * hours from now, as a date ("Arrives by Tue 25 Nov"), with the time when
 * that is within a day.
 */
export function arrivalDate(hours: number, now: number): Date {
  return new Date(now + hours * 3_600_000);
}

export function arrivalFormat(hours: number, locale: string): DateFormat {
  return dateFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(hours < 24 ? { hour: '2-digit', minute: '2-digit' } : {}),
  });
}
