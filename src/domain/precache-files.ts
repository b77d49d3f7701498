import { isLocale, type Locale } from './locales.ts';

/** Which built files the service worker precaches, by their names: the build names them, the worker reads the names. */

/**
 * The built files one interface language alone needs (its catalog, and the CLDR names some browsers lack) are named
 * `assets/lang~<locale>~<name>-<hash>.js`: the build names them so (vite.config.ts), and the service worker precaches
 * only the customer's own language's files by this name (sw/languages.ts).
 */
export const languageFilePrefix = (locale: Locale): string => `assets/lang~${locale}~`;

/**
 * A first screen's own messages in a language (scripts/catalog-parts-plugin.ts), `assets/lang~sv~page.home.<hash>.js`:
 * the server names it in that screen's page on a first visit, before the worker is installed. The worker's pages name
 * the first part of the catalog, which it precaches, so these files are left out of the precache.
 */
export const pageCatalogFile = (locale: Locale, screen: string, hash: string): string =>
  `${languageFilePrefix(locale)}page.${screen}.${hash}.js`;

/** A first screen's messages (`pageCatalogFile`): its language and its screen. */
export const PAGE_CATALOG_FILE = /(?:^|\/)assets\/lang~([\w-]+)~page\.([\w-]+)\.[\w-]+\.js$/;

const LANGUAGE_FILE = /(?:^|\/)assets\/lang~([\w-]+)~[^/]+\.js$/;

/** The language a built file (a path or URL) belongs to, or undefined for a file every language needs. */
export function languageOfFile(path: string): Locale | undefined {
  const locale = LANGUAGE_FILE.exec(path)?.[1];
  return isLocale(locale) ? locale : undefined;
}

/**
 * Built files left out of the service worker's precache: Adyen Web and our form around it, because what they do needs
 * the network anyway (the card fields are Adyen's frames), Onfido's Web SDK loader and our capture around it (the SDK
 * itself comes from Onfido's origin, the photos go there), and the PDF writer with its fonts (about 590 KB brotli,
 * more than the rest of the install together), which only a receipt or a statement download needs. The worker keeps
 * each once used (sw/on-demand.ts), so a PDF made online once is made offline after.
 */
export const ON_DEMAND_FILE = /(?:^|\/)assets\/(?:adyen|pdf|[Oo]nfido)-[^/]+\.(?:js|css)$/;
