import { i18n, type Messages } from '@lingui/core';

export const LOCALES = ['en-GB', 'en-CA', 'en-US', 'so', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en-GB';

const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  'en-GB': () => import('../../../locales/en-GB/messages.po'),
  'en-CA': () => import('../../../locales/en-CA/messages.po'),
  'en-US': () => import('../../../locales/en-US/messages.po'),
  so: () => import('../../../locales/so/messages.po'),
  sv: () => import('../../../locales/sv/messages.po'),
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Load a catalog lazily, activate it and keep <html lang> in step. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

export { i18n };
