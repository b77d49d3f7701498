import { array, type Infer, integer, is, object, optional, record, string } from 'superstruct';
import { isLocale, type Locale } from './locales.ts';

/** The file the build writes beside index.html (scripts/route-preloads-plugin.ts), precached for the worker. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * One page's lazily loaded chunks: `pattern` is its path (`:name` a
 * parameter, `:name?` an optional one), `scripts` `/assets/…` files, layouts
 * first. (The app's styles are one file, in index.html.) A first screen's page also has its own messages by language,
 * `catalogs`, and its place among the first screens, `screen` (scripts/catalog-parts-plugin.ts).
 */
const RoutePreload = object({
  pattern: string(),
  scripts: array(string()),
  catalogs: optional(record(string(), string())),
  screen: optional(integer()),
});
export type RoutePreload = Infer<typeof RoutePreload>;
/** What the build knows of the chunks: each page's, and each language's catalog by locale. */
const Preloads = object({ routes: array(RoutePreload), catalogs: record(string(), string()) });
export type Preloads = Infer<typeof Preloads>;

/** A built asset: the bundler names shared chunks by the screens that use them, joined by `~`. */
const ASSET = /^\/assets\/[\w.~-]+\.js$/;

function matcher(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) return part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return part === '' ? '' : `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source || '/'}/?$`);
}

/**
 * The shell page for a client route in a language: the route's own chunks and
 * the language's catalog named in its head (modulepreload links), so they load with the framework rather than after it,
 * and `<html lang>` set before any script runs. Unknown paths get the
 * catalog only. Each variant is built once. `preloads`, the build's `route-preloads.json` as parsed (none when it is
 * missing or not of its shape: the plain shell). The server answers a page's first visit with it, the worker every
 * later one (sw/navigation.ts). The catalog is marked for the app to start with (`data-catalog`: lib/i18n.ts). For a
 * first visit (`firstVisit`) a first screen's page names its own messages instead of the first part, with its place
 * among the first screens (`data-screen`); the worker's pages name the first part, which it has precached.
 */
export function shellPages(
  indexHtml: string,
  preloads: unknown,
  { firstVisit = false }: { firstVisit?: boolean } = {},
): (path: string, locale: Locale) => string {
  const known: Preloads = is(preloads, Preloads) ? preloads : { routes: [], catalogs: {} };
  const routes = known.routes.map((route) => ({ ...route, test: matcher(route.pattern) }));
  const built = new Map<string, string>();
  const fresh = (href: string) => ASSET.test(href) && !indexHtml.includes(`"${href}"`);

  return (path, locale) => {
    const route = routes.find(({ test }) => test.test(path));
    const key = `${route?.pattern ?? ''} ${locale}`;
    const cached = built.get(key);
    if (cached) return cached;
    const screen = firstVisit ? route?.screen : undefined;
    const own = screen === undefined ? undefined : route?.catalogs?.[locale];
    const catalog = own ?? known.catalogs[locale];
    const links = (route?.scripts ?? [])
      .filter(fresh)
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
    if (catalog && fresh(catalog)) {
      const which = own ? ` data-screen="${screen}"` : '';
      links.push(`<link rel="modulepreload" crossorigin href="${catalog}" data-catalog="${locale}"${which}>`);
    }
    const page = indexHtml
      .replace(/<html lang="[^"]*">/, isLocale(locale) ? `<html lang="${locale}">` : '$&')
      .replace('</head>', links.length ? `    ${links.join('\n    ')}\n  </head>` : '</head>');
    built.set(key, page);
    return page;
  };
}
