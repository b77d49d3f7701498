import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type CalendarDate, daysInMonth } from '../../../domain/rules.ts';

/**
 * A date as the customer types it, in the order of their language: day first in the UK and Somali, month first in
 * the US, year first in Swedish and Canadian English (CLDR's short dates of these locales). The wire keeps
 * YYYY-MM-DD whatever the order.
 */
export type DateOrder = 'DMY' | 'MDY' | 'YMD';

export function dateOrderOf(locale: string): DateOrder {
  if (locale === 'en-US') return 'MDY';
  if (locale === 'sv' || locale === 'en-CA') return 'YMD';
  return 'DMY';
}

/** The format as the customer reads it, in their language ("ÅÅÅÅ-MM-DD" in Swedish). */
export const DATE_PATTERNS: Readonly<Record<DateOrder, MessageDescriptor>> = {
  DMY: msg`DD/MM/YYYY`,
  MDY: msg`MM/DD/YYYY`,
  YMD: msg`YYYY-MM-DD`,
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A date written in `order`: 27/03/1990, 03/27/1990, 1990-03-27. */
export function showDate(date: CalendarDate, order: DateOrder): string {
  const { year, month, day } = date;
  if (order === 'YMD') return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return order === 'MDY' ? `${pad(month)}/${pad(day)}/${pad(year, 4)}` : `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
}

/** What the field keeps of typed text: digits, with the separators of `order` put in as they are typed. */
export function maskDate(value: string, order: DateOrder): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  const parts =
    order === 'YMD'
      ? [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6)]
      : [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)];
  return parts.filter(Boolean).join(order === 'YMD' ? '-' : '/');
}

const SHAPES: Readonly<Record<DateOrder, RegExp>> = {
  DMY: /^(?<day>\d{2})\/(?<month>\d{2})\/(?<year>\d{4})$/,
  MDY: /^(?<month>\d{2})\/(?<day>\d{2})\/(?<year>\d{4})$/,
  YMD: /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})$/,
};

/**
 * The typed text as a day of the calendar; `malformed` when it is not in `order`'s shape, `impossible` when it is
 * but no such day exists (31/02/1990, a 13th month).
 */
export function readDate(value: string, order: DateOrder): CalendarDate | 'malformed' | 'impossible' {
  const parts = SHAPES[order].exec(value.trim())?.groups;
  if (!parts) return 'malformed';
  const [year, month, day] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return 'impossible';
  return { year, month, day };
}
