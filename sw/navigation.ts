import type { RouteHandlerCallback } from 'workbox-core';
import { matchPrecache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { LOCALE_COOKIE, type Locale, preferredLocale } from '../src/domain/locales.ts';
import { ROUTE_PRELOADS_FILE, shellPages } from '../src/domain/shell-pages.ts';
import { decodedHeaders } from './decoded-headers.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * Paths that are never the app: API namespaces, sandbox provider pages
 * (3-D Secure, bank picker), the update file and the health check.
 */
const NOT_THE_APP = [/^\/api\//, /^\/sandbox\//, /^\/version\.json(?:\?|$)/, /^\/healthz(?:\?|$)/];

interface Shell {
  page: (path: string, locale: Locale) => string;
  headers: Headers;
}

/** This release's shell pages, from its precached index.html and route-preloads.json; made once per worker. */
let shell: Promise<Shell | undefined> | undefined;
async function precachedShell(): Promise<Shell | undefined> {
  const [index, preloads] = await Promise.all([matchPrecache('index.html'), matchPrecache(ROUTE_PRELOADS_FILE)]);
  if (!index) return undefined;
  const parsed: unknown = await preloads?.json().catch(() => undefined);
  return { page: shellPages(await index.text(), parsed), headers: decodedHeaders(index.headers) };
}

/**
 * The language the page will start in, as the server decides it (`page-locale.ts`): the device's choice, which the
 * page mirrors in a cookie, else the browser's languages. A browser without the Cookie Store API in its workers goes
 * by its languages.
 */
async function pageLocale(): Promise<Locale> {
  const chosen = await self.cookieStore?.get(LOCALE_COOKIE).catch(() => null);
  return preferredLocale(chosen?.value, self.navigator.languages ?? [self.navigator.language]);
}

/**
 * Every navigation to the app gets the precached shell, so deep links open offline, with the page's own chunks
 * and its language's catalog named in its head, as the server names them: a page opened again (online or not) fetches
 * its screen's code from this worker beside the framework instead of after the router has run.
 */
const shellPage: RouteHandlerCallback = async ({ request, url }) => {
  shell ??= precachedShell();
  const [built, locale] = await Promise.all([shell.catch(() => undefined), pageLocale()]);
  if (built) return new Response(built.page(url.pathname, locale), { headers: built.headers });
  // not made this time (asked again at the next navigation): the shell as built, else the network's
  shell = undefined;
  return (await matchPrecache('index.html')) ?? fetch(request);
};

export function registerNavigation(): void {
  registerRoute(new NavigationRoute(shellPage, { denylist: NOT_THE_APP }));
}
