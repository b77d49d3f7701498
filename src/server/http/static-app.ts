import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { ROUTE_PRELOADS_FILE, shellPages } from '../../domain/shell-pages.ts';
import type { AppEnv } from './app-env.ts';
import { pageLocale } from './page-locale.ts';

/** Files that must always be revalidated so updates reach users. */
const NEVER_CACHED = new Set(['/index.html', '/sw.js', '/version.json', '/manifest.webmanifest', '/registerSW.js']);

function cachePolicy(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (NEVER_CACHED.has(path) || path.endsWith('.html') || path.endsWith('/'))
    return 'no-cache, no-store, must-revalidate';
  return 'public, max-age=3600';
}

/**
 * The built PWA: hashed assets cached for a year, the shell and update files
 * never cached, and every other GET that accepts HTML answered with
 * index.html so client routes deep-link. Text files are sent as the brotli
 * or gzip copy made at build (scripts/compress-dist.ts) when the browser
 * accepts it; index.html is compressed by the app's compression middleware.
 */
export function staticApp(root: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const indexPath = join(root, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  const preloadsPath = join(root, ROUTE_PRELOADS_FILE);
  const preloads: unknown = existsSync(preloadsPath) ? JSON.parse(readFileSync(preloadsPath, 'utf8')) : undefined;
  const shellFor = indexHtml === undefined ? undefined : shellPages(indexHtml, preloads, { firstVisit: true });

  const files = serveStatic<AppEnv>({ root, precompressed: true });
  app.use('*', async (c, next) => {
    const found = await files(c, next);
    if (found instanceof Response) found.headers.set('Cache-Control', cachePolicy(c.req.path));
    return found;
  });

  app.get('*', (c, next) => {
    const accept = c.req.header('accept') ?? '';
    if (!shellFor || !accept.includes('text/html')) return next();
    c.header('Cache-Control', 'no-cache, no-store, must-revalidate');
    c.header('Vary', 'Cookie, Accept-Language', { append: true });
    return c.html(shellFor(c.req.path, pageLocale(c)));
  });
  return app;
}
