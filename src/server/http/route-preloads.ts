import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { array, type Infer, is, object, string } from 'superstruct';

/** The file the build writes beside index.html (scripts/route-preloads-plugin.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * One page's lazily loaded chunks: `pattern` is its path (`:name` a
 * parameter, `:name?` an optional one), `scripts` and `styles` `/assets/…`
 * files, layouts first.
 */
const RoutePreload = object({ pattern: string(), scripts: array(string()), styles: array(string()) });
export type RoutePreload = Infer<typeof RoutePreload>;
const RoutePreloads = array(RoutePreload);

const ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;

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
 * The shell page for a client route, naming the route's own chunks and
 * styles in its head (modulepreload and stylesheet links) so they load
 * with the framework rather than after it. Unknown paths get the plain shell.
 * Each variant is built once.
 */
export function shellPages(root: string, indexHtml: string): (path: string) => string {
  const file = join(root, ROUTE_PRELOADS_FILE);
  const parsed: unknown = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  const routes = (is(parsed, RoutePreloads) ? parsed : []).map((route) => ({ ...route, test: matcher(route.pattern) }));
  const built = new Map<string, string>();

  return (path) => {
    const route = routes.find(({ test }) => test.test(path));
    if (!route) return indexHtml;
    const cached = built.get(route.pattern);
    if (cached) return cached;
    const fresh = (href: string) => ASSET.test(href) && !indexHtml.includes(`"${href}"`);
    const links = [
      ...route.styles.filter(fresh).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
      ...route.scripts.filter(fresh).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ];
    const page = indexHtml.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
    built.set(route.pattern, page);
    return page;
  };
}
