/**
 * Intl's formatters, each made once per locale and options. Making one reads the language's data, a few milliseconds
 * on a cheap phone, and a screen formats the same way many times: every amount, every "Last updated" time.
 */

/** At most this many kept (languages × currencies × options is far fewer); past it, the cache starts over. */
const MAX_KEPT = 256;
const kept = new Map<string, unknown>();

/** What `make` makes for `kind`, `locale` and `options`, made the first time only. */
export function madeOnce<T>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  if (kept.has(key)) return kept.get(key) as T;
  if (kept.size >= MAX_KEPT) kept.clear();
  const made = make();
  kept.set(key, made);
  return made;
}

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  madeOnce('number', locale, options, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  madeOnce('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const displayNames = (locale: string, options: Intl.DisplayNamesOptions): Intl.DisplayNames =>
  madeOnce('names', locale, options, () => new Intl.DisplayNames([locale], options));
