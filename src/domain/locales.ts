/** Interface languages (SPEC §1): English for the UK, Canada and the US, Somali, Swedish. */
export const LOCALES = ['en-GB', 'en-CA', 'en-US', 'so', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en-GB';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The cookie that mirrors the device's chosen language, so the server can name its catalog in the page it sends. */
export const LOCALE_COOKIE = 'locale';

/**
 * The language to start in: the one chosen before on this device, else the
 * first of the browser's languages we speak (a region we lack falls back to
 * its language), else British English.
 */
export function preferredLocale(stored: string | null | undefined, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    if (isLocale(tag)) return tag;
    const language = tag.split('-')[0]?.toLowerCase();
    if (language === 'en') return SOURCE_LOCALE;
    const match = LOCALES.find((locale) => locale === language);
    if (match) return match;
  }
  return SOURCE_LOCALE;
}
