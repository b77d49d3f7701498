import { is } from 'superstruct';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types.js';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { Locale } from '../src/domain/locales.ts';
import { languageOfFile } from '../src/domain/precache-files.ts';
import { CacheLanguageMessage } from '../src/domain/sw-messages.ts';

declare const self: ServiceWorkerGlobalScope;

export interface ManifestEntry {
  url: string;
  revision: string | null;
}

/** The languages' files this release keeps, each language's apart from every other release's. */
const LANGUAGES_CACHE = 'sarraf-languages';
/** How long a first install waits for the page to name its language before it finishes without one. */
const FIRST_LANGUAGE_WAIT_MS = 10_000;

/**
 * Only the customer's own language is precached (SPEC §4: the install stays light on a phone's data plan): the
 * build's manifest holds every language's files (`languageOfFile`), this worker takes them out of the precache and
 * keeps a language's files once the page names it (`CACHE_LANGUAGE`: at registration and at every change of
 * language), or once the page loads them through this worker. A new release's worker installs, with its own files,
 * the languages the previous one kept, and on taking over drops the files no release of its own names. Returns the
 * manifest without the languages' files, for the precache.
 */
export function registerLanguages(manifest: readonly ManifestEntry[]): ManifestEntry[] {
  const filesOf = new Map<Locale, string[]>();
  const everyLanguage: ManifestEntry[] = [];
  for (const entry of manifest) {
    const locale = languageOfFile(entry.url);
    if (!locale) continue;
    everyLanguage.push(entry);
    filesOf.set(locale, [...(filesOf.get(locale) ?? []), new URL(entry.url, self.location.href).href]);
  }
  const ours = new Set([...filesOf.values()].flat());

  const keep = async (locales: Iterable<Locale>) => {
    const cache = await caches.open(LANGUAGES_CACHE);
    const held = new Set((await cache.keys()).map((request) => request.url));
    const missing = [...new Set(locales)]
      .flatMap((locale) => filesOf.get(locale) ?? [])
      .filter((url) => !held.has(url));
    await cache.addAll(missing);
  };
  const keptLanguages = async () => {
    const held = await (await caches.open(LANGUAGES_CACHE)).keys();
    return held.flatMap((request) => languageOfFile(new URL(request.url).pathname) ?? []);
  };

  let named: (kept: Promise<void>) => void = () => undefined;
  const firstNamed = new Promise<void>((resolve) => {
    named = (kept) => void kept.then(resolve, resolve);
  });
  self.addEventListener('message', (event) => {
    if (!is(event.data, CacheLanguageMessage)) return;
    const kept = keep([event.data.locale]);
    named(kept);
    event.waitUntil(kept);
  });
  self.addEventListener('install', (event) => {
    const install = async () => {
      const kept = await keptLanguages();
      if (kept.length > 0) return keep(kept);
      // a first install: the page that registered this worker names its language as it does
      await Promise.race([firstNamed, new Promise((resolve) => setTimeout(resolve, FIRST_LANGUAGE_WAIT_MS))]);
    };
    event.waitUntil(install());
  });
  self.addEventListener('activate', (event) => {
    const dropOthers = async () => {
      const cache = await caches.open(LANGUAGES_CACHE);
      const stale = (await cache.keys()).filter((request) => !ours.has(request.url));
      await Promise.all(stale.map((request) => cache.delete(request)));
    };
    event.waitUntil(dropOthers());
  });

  // another language chosen later (or the first page's, loaded before this worker took over) is kept as it loads
  const strategy = new CacheFirst({ cacheName: LANGUAGES_CACHE });
  registerRoute(
    ({ url }) => ours.has(url.href),
    (options: RouteHandlerCallbackOptions) => strategy.handle(options),
  );

  return manifest.filter((entry) => !everyLanguage.includes(entry));
}
