import { i18n, type Messages } from '@lingui/core';
import { isLocale, LOCALES, type Locale, SOURCE_LOCALE } from '../../domain/locales.ts';
import { loadDateNames } from './date-names.ts';
import { loadRegionNames } from './region-names.ts';

export { isLocale, LOCALES, type Locale, SOURCE_LOCALE };

const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  'en-GB': () => import('../../../locales/en-GB/messages.po'),
  'en-CA': () => import('../../../locales/en-CA/messages.po'),
  'en-US': () => import('../../../locales/en-US/messages.po'),
  so: () => import('../../../locales/so/messages.po'),
  sv: () => import('../../../locales/sv/messages.po'),
};

/** Load a catalog (and country and date names the browser lacks) lazily, activate it and keep <html lang> in step. */
export async function activateLocale(locale: Locale): Promise<void> {
  const [{ messages }] = await Promise.all([loaders[locale](), loadRegionNames(locale), loadDateNames(locale)]);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

export { i18n };
