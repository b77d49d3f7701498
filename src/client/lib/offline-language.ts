import { isLocale } from '../../domain/locales.ts';
import type { PageMessage } from '../../domain/sw-messages.ts';

/**
 * Asks this page's service workers (the one in charge, and a new release's installing or waiting) to keep the files
 * of the interface's language for offline use: the worker precaches no other language's (sw/languages.ts).
 */
export async function keepLanguageOffline(locale: string): Promise<void> {
  if (!isLocale(locale)) return;
  const registration = await navigator.serviceWorker?.getRegistration();
  if (!registration) return;
  const message: PageMessage = { type: 'CACHE_LANGUAGE', locale };
  for (const worker of new Set([registration.installing, registration.waiting, registration.active])) {
    worker?.postMessage(message);
  }
}
