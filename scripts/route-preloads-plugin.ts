import type { Plugin } from 'vite';
import { PAGE_CATALOG_FILE } from '../src/domain/precache-files.ts';
import { type Preloads, ROUTE_PRELOADS_FILE, type RoutePreload } from '../src/domain/shell-pages.ts';

/**
 * Emits `route-preloads.json`: for each page of the app, every lazily loaded
 * chunk its layouts and its own component need, however deeply
 * imported, with what every page loads lazily (`everyPage`), and each
 * language's catalog chunk, and for a first screen its own messages in each language (scripts/catalog-parts-plugin.ts). The server
 * names them in the page's HTML (src/domain/shell-pages.ts), and so does its worker, so a
 * cheap phone fetches the first screen's code together with the
 * framework instead of discovering them one after another once the router runs.
 */

const SPLIT_COMPONENT = /src\/client\/routes\/(.+)\.tsx\?tsr-split=component/;
/** A language's first part of its catalog (scripts/catalog-parts-plugin.ts): the rest loads after the first paint. */
const CATALOG = /locales\/([\w-]+)\/messages\.po\?part=first$/;

/** `_auth/send-money/pay.{-$transactionReference}` → `/send-money/pay/:transactionReference?`; null for the catch-all. */
export function routePattern(file: string): string | null {
  const segments = file
    .split('/')
    .flatMap((part) => part.split('.'))
    .filter((part) => !part.startsWith('_') && part !== 'index');
  if (segments.includes('$')) return null;
  const path = segments.map((part) => {
    const optional = /^\{-\$(\w+)\}$/.exec(part);
    if (optional) return `:${optional[1]}?`;
    return part.startsWith('$') ? `:${part.slice(1)}` : part;
  });
  return `/${path.join('/')}`;
}

/** The layout route files above a route file: `_auth/_app/home` → `_auth`, `_auth/_app`. */
export function layoutsOf(file: string): string[] {
  const parts = file.split('/');
  return parts.slice(0, -1).map((_, n) => parts.slice(0, n + 1).join('/'));
}

interface Options {
  /** Modules (paths from the project's root) every page loads lazily as it opens, e.g. the cookie notice. */
  everyPage?: string[];
  /** By layout route file (`_auth`): modules its pages load lazily before they render, e.g. in a guard. */
  beforeRender?: Record<string, string[]>;
  /** The first screens' route files by name (scripts/first-screens.ts), whose own messages the build emits. */
  firstScreens?: Record<string, string>;
}

export function routePreloads({
  everyPage: everyPageModules = [],
  beforeRender = {},
  firstScreens = {},
}: Options = {}): Plugin {
  const screens = Object.keys(firstScreens);
  return {
    name: 'sarraf-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunksOf = new Map<string, { file: string; imports: string[] }>();
      const catalogs: Preloads['catalogs'] = {};
      const importsOf = new Map<string, readonly string[]>();
      const chunkOfModule = new Map<string, string>();
      /** A first screen's own messages by language, by the screen's route file. */
      const pageCatalogs = new Map<string, Record<string, string>>();
      for (const chunk of Object.values(bundle)) {
        const [, locale, screen] = PAGE_CATALOG_FILE.exec(chunk.fileName) ?? [];
        const screenRoute = screen === undefined ? undefined : firstScreens[screen];
        if (locale && screenRoute) {
          pageCatalogs.set(screenRoute, { ...pageCatalogs.get(screenRoute), [locale]: `/${chunk.fileName}` });
        }
        if (chunk.type !== 'chunk') continue;
        // the app's styles are one file the page names itself (vite.config.ts, `cssCodeSplit`): a chunk's own
        // styles would have to be named here, or arrive after the first paint
        if (chunk.viteMetadata?.importedCss.size) throw new Error(`${chunk.fileName} has styles of its own`);
        importsOf.set(chunk.fileName, chunk.imports);
        // by the modules a chunk holds, not the one it was made for: a route's component may share a chunk
        for (const id of chunk.moduleIds.map((module) => module.replaceAll('\\', '/'))) {
          chunkOfModule.set(id, chunk.fileName);
          const catalog = CATALOG.exec(id)?.[1];
          if (catalog) catalogs[catalog] = `/${chunk.fileName}`;
          const route = SPLIT_COMPONENT.exec(id)?.[1];
          if (route) chunksOf.set(route, { file: chunk.fileName, imports: chunk.imports });
        }
      }
      const chunksOfModules = (modules: string[]) =>
        [...chunkOfModule]
          .filter(([id]) => modules.some((module) => id.endsWith(`/${module}`)))
          .map(([, file]) => file);
      const everyPage = chunksOfModules(everyPageModules);
      const preloads: RoutePreload[] = [];
      for (const route of chunksOf.keys()) {
        const pattern = routePattern(route);
        if (pattern === null || route.split('/').at(-1)?.startsWith('_')) continue;
        const chain = [...layoutsOf(route), route].flatMap((file) => chunksOf.get(file) ?? []);
        // every chunk the page's code imports, however deep: named together, they load in parallel instead of
        // one after another as each arrives and names the next
        const scripts = new Set<string>();
        const visit = (file: string) => {
          if (scripts.has(file)) return;
          scripts.add(file);
          for (const imported of importsOf.get(file) ?? []) visit(imported);
        };
        for (const { file } of chain) visit(file);
        for (const file of everyPage) visit(file);
        for (const layout of layoutsOf(route))
          for (const file of chunksOfModules(beforeRender[layout] ?? [])) visit(file);
        const own = pageCatalogs.get(route);
        const page = own && { catalogs: own, screen: screens.findIndex((screen) => firstScreens[screen] === route) };
        preloads.push({ pattern, scripts: [...scripts].map((file) => `/${file}`), ...page });
      }
      // fixed paths first, so `/transfers` is never taken for `/transfers/:transactionReference`
      preloads.sort((a, b) => a.pattern.split(':').length - b.pattern.split(':').length);
      const emitted: Preloads = { routes: preloads, catalogs };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(emitted) });
    },
  };
}
