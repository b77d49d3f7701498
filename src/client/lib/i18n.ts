import { i18n, type Messages } from '@lingui/core';
import { isLocale, LOCALES, type Locale, SOURCE_LOCALE } from '../../domain/locales.ts';
import { loadDateNames } from './date-names.ts';
import { loadRegionNames } from './region-names.ts';

export { isLocale, LOCALES, type Locale, SOURCE_LOCALE };

type Part = () => Promise<{ messages: Messages }>;

/**
 * Each language's catalog in two parts (scripts/catalog-parts-plugin.ts): the messages of the screens a customer
 * opens first, which the page names in its head, and the rest, loaded after the first paint.
 */
const parts: Record<Locale, { first: Part; rest: Part }> = {
  'en-GB': {
    first: () => import('../../../locales/en-GB/messages.po?part=first'),
    rest: () => import('../../../locales/en-GB/messages.po?part=rest'),
  },
  'en-CA': {
    first: () => import('../../../locales/en-CA/messages.po?part=first'),
    rest: () => import('../../../locales/en-CA/messages.po?part=rest'),
  },
  'en-US': {
    first: () => import('../../../locales/en-US/messages.po?part=first'),
    rest: () => import('../../../locales/en-US/messages.po?part=rest'),
  },
  so: {
    first: () => import('../../../locales/so/messages.po?part=first'),
    rest: () => import('../../../locales/so/messages.po?part=rest'),
  },
  sv: {
    first: () => import('../../../locales/sv/messages.po?part=first'),
    rest: () => import('../../../locales/sv/messages.po?part=rest'),
  },
};

/** The language being activated or active, and when its first part is. */
let activation: { locale: Locale; done: Promise<void> } | undefined;
/** Each language's rest, once asked for. */
const restLoads = new Map<Locale, Promise<void>>();

/**
 * Load a language's catalog (and country and date names the browser lacks) lazily, activate it and keep
 * <html lang> in step. `rest: 'later'` activates it with the first screens' messages alone, for the app's start: it
 * loads the rest after the first paint (`loadCatalogRest`); a change of language loads both before it shows.
 */
export async function activateLocale(locale: Locale, { rest = 'now' }: { rest?: 'now' | 'later' } = {}): Promise<void> {
  const done = (async () => {
    const [{ messages }, restMessages] = await Promise.all([
      parts[locale].first(),
      rest === 'now' ? parts[locale].rest().then((part) => part.messages) : undefined,
      loadRegionNames(locale),
      loadDateNames(locale),
    ]);
    if (restMessages) restLoads.set(locale, Promise.resolve());
    // the first part as it is when the rest comes later: copying its 800 or so messages took 19 ms of each offline open of
    // `/wallets` at 4× CPU (profiled, five opens)
    i18n.loadAndActivate({ locale, messages: restMessages ? { ...messages, ...restMessages } : messages });
    document.documentElement.lang = locale;
  })();
  activation = { locale, done };
  await done;
}

/**
 * The rest of the active language's catalog, loaded once. It joins the messages already shown without telling
 * the app (`i18n.load` would re-render every screen for none of their messages): only screens loaded after it
 * show them (`catalogRestFor`).
 */
export function loadCatalogRest(): Promise<void> {
  if (!activation) return Promise.reject(new Error('no language is being activated'));
  const { locale, done } = activation;
  let loading = restLoads.get(locale);
  if (!loading) {
    loading = Promise.all([parts[locale].rest(), done]).then(([{ messages }]) => {
      if (i18n.locale === locale) Object.assign(i18n.messages, messages);
    });
    // a failed load is asked for again by the next screen that needs it
    loading.catch(() => restLoads.delete(locale));
    restLoads.set(locale, loading);
  }
  return loading;
}

/**
 * What every `import(…)` in the app's code becomes in a build (scripts/catalog-parts-plugin.ts): the module, once the
 * rest of the catalog is loaded too when `needsRest` (the build knows whether the module shows any of its messages).
 */
export function catalogRestFor<T>(module: Promise<T>, needsRest: unknown): Promise<T> {
  if (!needsRest) return module;
  return Promise.all([module, loadCatalogRest()]).then(([loaded]) => loaded);
}

export { i18n };
