/**
 * Dates and times in the interface language, from Intl. A browser may lack a
 * language's date data (Chromium, asked for Somali, formats in US English):
 * for such a language, names from Unicode CLDR (`date-names.ts`, loaded with
 * the catalog) take the place of the English month, weekday and AM/PM in
 * the US English form, whose order Somali's long date shares
 * ("Noofeembar 25, 2026 4:05 GD").
 */
import { dateTimeFormat, madeOnce } from '../../domain/intl-formats.ts';
import { type DateNames, dateNamesOf } from './date-names.ts';

/** What a screen asks of a date format. */
export interface DateFormat {
  format(date: Date | number): string;
}

/** The US English names, in the order of the CLDR lists, to find a part's place among them. */
function englishNames(): DateNames {
  const names = (options: Intl.DateTimeFormatOptions, dates: number[]) => {
    const format = dateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    return dates.map((date) => format.format(date));
  };
  const months = Array.from({ length: 12 }, (_, month) => Date.UTC(2021, month, 1));
  // 3 January 2021 was a Sunday, and CLDR's lists start on Sunday
  const days = Array.from({ length: 7 }, (_, day) => Date.UTC(2021, 0, 3 + day));
  return {
    months: { long: names({ month: 'long' }, months), short: names({ month: 'short' }, months) },
    weekdays: { long: names({ weekday: 'long' }, days), short: names({ weekday: 'short' }, days) },
    dayPeriods: ['AM', 'PM'],
  };
}
let english: DateNames | undefined;

type Width = 'long' | 'short';

function translated(part: Intl.DateTimeFormatPart, names: DateNames, width: { month: Width; weekday: Width }): string {
  english ??= englishNames();
  const swap = (from: string[], to: string[]) => to[from.indexOf(part.value)] ?? part.value;
  switch (part.type) {
    case 'month':
      return swap(english.months[width.month], names.months[width.month]);
    case 'weekday':
      return swap(english.weekdays[width.weekday], names.weekdays[width.weekday]);
    case 'dayPeriod':
      return swap(english.dayPeriods, names.dayPeriods);
    case 'literal':
      // "November 25, 2026 at 4:05 PM": CLDR joins Somali's date and time with a space
      return part.value === ' at ' ? ' ' : part.value;
    default:
      return part.value;
  }
}

const language = (tag: string) => new Intl.Locale(tag).language;

/**
 * The format of `options` in `locale`, made once per locale and options (`intl-formats.ts`): the browser's own, unless
 * it lacks the language and the CLDR names are here (decided once the names are, and kept apart from the browser's).
 */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): DateFormat {
  const names = dateNamesOf(locale);
  if (!names) return dateTimeFormat(locale, options);
  return madeOnce('date, CLDR names at hand', locale, options, () => {
    const native = dateTimeFormat(locale, options);
    return language(native.resolvedOptions().locale) === language(locale) ? native : withNames(options, names);
  });
}

function withNames(options: Intl.DateTimeFormatOptions, names: DateNames): DateFormat {
  const fallback = dateTimeFormat('en-US', options);
  const { dateStyle, month, weekday } = options;
  const width = {
    month: month === 'long' || dateStyle === 'long' || dateStyle === 'full' ? 'long' : 'short',
    weekday: weekday === 'long' || dateStyle === 'full' ? 'long' : 'short',
  } as const;
  return {
    format: (date) =>
      fallback
        .formatToParts(date)
        .map((part) => translated(part, names, width))
        .join(''),
  };
}
