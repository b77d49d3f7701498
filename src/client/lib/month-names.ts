import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Month names as catalogue messages, not Intl: Chromium's Intl has no Somali
 * month names and answers in English under `so`, so every language names its
 * months in its own catalogue (translated from CLDR's names).
 */
const LONG: readonly MessageDescriptor[] = [
  msg({ message: 'January', context: 'month' }),
  msg({ message: 'February', context: 'month' }),
  msg({ message: 'March', context: 'month' }),
  msg({ message: 'April', context: 'month' }),
  msg({ message: 'May', context: 'month' }),
  msg({ message: 'June', context: 'month' }),
  msg({ message: 'July', context: 'month' }),
  msg({ message: 'August', context: 'month' }),
  msg({ message: 'September', context: 'month' }),
  msg({ message: 'October', context: 'month' }),
  msg({ message: 'November', context: 'month' }),
  msg({ message: 'December', context: 'month' }),
];

const SHORT: readonly MessageDescriptor[] = [
  msg({ message: 'Jan', context: 'month, short' }),
  msg({ message: 'Feb', context: 'month, short' }),
  msg({ message: 'Mar', context: 'month, short' }),
  msg({ message: 'Apr', context: 'month, short' }),
  msg({ message: 'May', context: 'month, short' }),
  msg({ message: 'Jun', context: 'month, short' }),
  msg({ message: 'Jul', context: 'month, short' }),
  msg({ message: 'Aug', context: 'month, short' }),
  msg({ message: 'Sep', context: 'month, short' }),
  msg({ message: 'Oct', context: 'month, short' }),
  msg({ message: 'Nov', context: 'month, short' }),
  msg({ message: 'Dec', context: 'month, short' }),
];

/** The month of a `YYYY-MM` string, 0 for January. */
function monthIndex(month: string): number {
  const index = Number(month.slice(5, 7)) - 1;
  if (!/^\d{4}-\d{2}$/.test(month) || index < 0 || index > 11) throw new RangeError(`not a month: ${month}`);
  return index;
}

/** "Jan" for `2026-01`, in the active language. */
export function shortMonthName(i18n: I18n, month: string): string {
  return i18n._(SHORT[monthIndex(month)] as MessageDescriptor);
}

/** "January 2026" for `2026-01`, in the active language. */
export function longMonthName(i18n: I18n, month: string): string {
  const name = i18n._(LONG[monthIndex(month)] as MessageDescriptor);
  const year = month.slice(0, 4);
  return i18n._(msg({ message: `${name} ${year}`, context: 'month and year' }));
}
