import { i18n } from '@lingui/core';
import { isLocale, LOCALES, type Locale, SOURCE_LOCALE } from '../../domain/locales.ts';
import type { CatalogPart } from './catalog-files.ts';
import { loadDateNames } from './date-names.ts';
import { loadRegionNames } from './region-names.ts';

export { isLocale, LOCALES, type Locale, SOURCE_LOCALE };

/**
 * Each language's catalog files (`catalog-files.ts`), loaded when first needed: at the start only when the page names
 * no catalog in the language (the dev server, a language the server did not expect).
 */
const filePart = (locale: Locale, part: 'first' | 'rest'): CatalogPart =>
  import('./catalog-files.ts').then(({ catalogFiles }) => catalogFiles[locale][part]());

/** The language being activated or active, and when its first part is. */
let activation: { locale: Locale; done: Promise<void> } | undefined;
/**
 * The first screen whose own messages alone are active, as its bit in a slot of `catalogRestFor` (its place among the
 * first screens is `data-screen`), until the rest has come; 0 once the first part is.
 */
let screenBit = 0;
/** Each language's rest, once asked for. */
const restLoads = new Map<Locale, Promise<void>>();

/**
 * Load a language's catalog (and country and date names the browser lacks) lazily, activate it and keep
 * <html lang> in step. `rest: 'later'` activates it with the first screens' messages alone, for the app's start: it
 * loads the rest after the first paint (`loadCatalogRest`); a change of language loads both before it shows. On a
 * first visit to a first screen, its page names that screen's own messages in its language (src/domain/shell-pages.ts),
 * and the app starts with those.
 */
export async function activateLocale(locale: Locale, { rest = 'now' }: { rest?: 'now' | 'later' } = {}): Promise<void> {
  // the catalog the page names in its language (src/domain/shell-pages.ts): the first part, or a first screen's own
  const named = rest === 'later' ? document.querySelector<HTMLLinkElement>(`link[data-catalog="${locale}"]`) : null;
  const screen = named?.dataset.screen;
  screenBit = screen ? 2 << Number(screen) : 0;
  const done = (async () => {
    const [{ messages }, restMessages] = await Promise.all([
      named ? (import(/* @vite-ignore */ named.href) as CatalogPart) : filePart(locale, 'first'),
      rest === 'now' ? filePart(locale, 'rest').then((part) => part.messages) : undefined,
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
 * The rest of the active language's catalog (with its first part, when a screen's own messages were all the app
 * started with), loaded once. It joins the messages already shown without telling the app (`i18n.load` would
 * re-render every screen for none of their messages): only screens loaded after it show them (`catalogRestFor`).
 */
export function loadCatalogRest(): Promise<void> {
  if (!activation) return Promise.reject(new Error('no language is being activated'));
  const { locale, done } = activation;
  let loading = restLoads.get(locale);
  if (!loading) {
    const first = screenBit ? filePart(locale, 'first') : undefined;
    loading = Promise.all([filePart(locale, 'rest'), first, done]).then(([{ messages }, firstPart]) => {
      if (i18n.locale !== locale) return;
      Object.assign(i18n.messages, firstPart?.messages, messages);
      screenBit = 0;
    });
    // a failed load is asked for again by the next screen that needs it
    loading.catch(() => restLoads.delete(locale));
    restLoads.set(locale, loading);
  }
  return loading;
}

/**
 * What every `import(…)` in the app's code becomes in a build (scripts/catalog-parts-plugin.ts): the module, once the
 * rest of the catalog is loaded too unless the messages loaded so far hold all it shows. The build knows which do:
 * `slot` is 1 when it shows a message of the rest, 0 when every first screen's own messages hold all it shows, else bit
 * n + 1 says the n-th first screen's do.
 */
export function catalogRestFor<T>(module: Promise<T>, slot: number): Promise<T> {
  if (!(slot & 1) && (!screenBit || !slot || slot & screenBit)) return module;
  return Promise.all([module, loadCatalogRest()]).then(([loaded]) => loaded);
}

export { i18n };
