/**
 * CLDR's month, weekday and AM/PM names for the interface languages some
 * browsers' Intl has no dates for (Chromium formats Somali in US English),
 * loaded with the catalog; `date-format.ts` uses them. Apart from it so the
 * shell, which loads them, does not carry the formatting.
 */
export interface DateNames {
  months: { long: string[]; short: string[] };
  weekdays: { long: string[]; short: string[] };
  /** AM, PM */
  dayPeriods: string[];
}

/** Each its own chunk. */
const cldrLoaders: Readonly<Record<string, () => Promise<{ default: DateNames }>>> = {
  so: () => import('./somali-date-names.json'),
};
const cldrNames = new Map<string, DateNames>();

/** Fetch the CLDR date names of `locale` where some browsers lack them; a no-op for other languages. */
export async function loadDateNames(locale: string): Promise<void> {
  const load = cldrLoaders[locale];
  if (!load || cldrNames.has(locale)) return;
  cldrNames.set(locale, (await load()).default);
}

export const dateNamesOf = (locale: string): DateNames | undefined => cldrNames.get(locale);
