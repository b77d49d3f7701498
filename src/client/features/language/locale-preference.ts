import { activateLocale, isLocale, LOCALES, type Locale, SOURCE_LOCALE } from '../../lib/i18n.ts';
import { LOCALE_KEY } from '../../lib/local-settings.ts';

/** Each language in its own name, so a reader finds theirs whatever the page's language. */
export const LOCALE_ENDONYMS: Record<Locale, string> = {
  'en-GB': 'English (UK)',
  'en-CA': 'English (Canada)',
  'en-US': 'English (US)',
  so: 'Soomaali',
  sv: 'Svenska',
};

/**
 * The language to start in: the one chosen before on this device, else the
 * first of the browser's languages we speak (a region we lack falls back to
 * its language), else British English.
 */
export function preferredLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
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

export function startupLocale(): Locale {
  return preferredLocale(localStorage.getItem(LOCALE_KEY), navigator.languages ?? [navigator.language]);
}

/** Switch the interface language and remember it on this device. */
export async function changeLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  localStorage.setItem(LOCALE_KEY, locale);
}
