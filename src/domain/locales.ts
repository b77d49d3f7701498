/** Interface languages (SPEC §1): English for the UK, Canada and the US, Somali, Swedish. */
export const LOCALES = ['en-GB', 'en-CA', 'en-US', 'so', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en-GB';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
