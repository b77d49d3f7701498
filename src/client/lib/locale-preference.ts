import { LOCALE_COOKIE, preferredLocale } from '../../domain/locales.ts';
import { activateLocale, isLocale, type Locale } from './i18n.ts';
import { LOCALE_KEY, LOCALE_UNSAVED_KEY } from './local-settings.ts';
import { keepLanguageOffline } from './offline-language.ts';

/** Each language in its own name, so a reader finds theirs whatever the page's language. */
export const LOCALE_ENDONYMS: Record<Locale, string> = {
  'en-GB': 'English (UK)',
  'en-CA': 'English (Canada)',
  'en-US': 'English (US)',
  so: 'Soomaali',
  sv: 'Svenska',
};

/**
 * The server reads this cookie to name the language's catalog in the page it sends (a cheap phone then fetches it
 * beside the framework instead of after it). A preference the customer asked for: no consent needed, nothing else in it.
 */
function mirrorToCookie(locale: Locale): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari before 18.4
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

export function startupLocale(): Locale {
  const locale = preferredLocale(localStorage.getItem(LOCALE_KEY), navigator.languages ?? [navigator.language]);
  if (!document.cookie.split('; ').includes(`${LOCALE_COOKIE}=${locale}`)) mirrorToCookie(locale);
  return locale;
}

/** Show the interface in `locale` and remember it on this device. */
async function showLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  localStorage.setItem(LOCALE_KEY, locale);
  mirrorToCookie(locale);
  void keepLanguageOffline(locale);
}

/**
 * Keep `locale` on the signed-in customer's profile, for their e-mails, texts and pushes and their other devices.
 * Offline or refused, the device marks its choice unsaved and the next sign-in here saves it. The client and the
 * contract are loaded on first use, as `user-data.ts` loads them: the selector is on every first screen.
 */
async function saveToProfile(locale: Locale): Promise<void> {
  localStorage.setItem(LOCALE_UNSAVED_KEY, 'true');
  const [{ call }, { profileCalls }] = await Promise.all([
    import('./api/client.ts'),
    import('../../domain/contract/user/profile.ts'),
  ]);
  try {
    await call(profileCalls.saveLocale, { body: { locale } });
    localStorage.removeItem(LOCALE_UNSAVED_KEY);
  } catch {
    // kept on the device and marked unsaved: the next sign-in here saves it
  }
}

/**
 * Switch the interface language, remember it on this device and, while signed in, on the customer's profile. (The
 * caller says whether a session is open: the session's atoms are not part of the entry, which reads `startupLocale`.)
 */
export async function changeLocale(locale: Locale, signedIn: boolean): Promise<void> {
  await showLocale(locale);
  if (signedIn) await saveToProfile(locale);
  else localStorage.setItem(LOCALE_UNSAVED_KEY, 'true');
}

/**
 * At sign-in, the language is remembered across it: one the customer chose on this device while signed out (or that
 * could not be saved) is the one they are reading, so it goes to their profile; otherwise the profile's language is
 * shown, so a new device, or one whose language they changed elsewhere since, opens in theirs.
 */
export async function settleLocaleAtSignIn(profileLocale: string): Promise<void> {
  const chosen = localStorage.getItem(LOCALE_KEY);
  if (localStorage.getItem(LOCALE_UNSAVED_KEY) !== null && isLocale(chosen)) {
    if (chosen === profileLocale) localStorage.removeItem(LOCALE_UNSAVED_KEY);
    else await saveToProfile(chosen);
    return;
  }
  if (isLocale(profileLocale)) await showLocale(profileLocale);
}
