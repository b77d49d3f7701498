import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { API_DOCS_POLICY, API_DOCS_SCRIPT, apiDocsPage, apiDocsScript } from './api-docs-page.ts';
import { openApiDocument } from './openapi-document.ts';

/** How long a browser or proxy may keep the description and the page before asking again (with its ETag). */
const MAX_AGE_SECONDS = 300;

interface Served {
  body: string | Buffer;
  type: string;
  etag: string;
}

const served = (body: string | Buffer, type: string): Served => ({
  body,
  type,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
});

/** Made on first ask and kept: the description is a pure function of the endpoint tables. */
function once(make: () => Served): () => Served {
  let kept: Served | undefined;
  return () => {
    kept ??= make();
    return kept;
  };
}

function answer(c: Context<AppEnv>, { body, type, etag }: Served, headers: Record<string, string> = {}): Response {
  const common = { ETag: etag, 'Cache-Control': `public, max-age=${MAX_AGE_SECONDS}`, ...headers };
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304, common);
  return c.body(body as string, 200, { 'Content-Type': type, ...common });
}

/**
 * GET /api/openapi.json (the OpenAPI 3.1 description) and /api/docs (its
 * reference page), mounted only when API_DOCS is on (config.ts). Both are
 * cacheable, unlike every other /api answer.
 */
export function openApiRoutes(): Hono<AppEnv> {
  const description = once(() => served(JSON.stringify(openApiDocument()), 'application/json'));
  const page = once(() =>
    served(apiDocsPage('/api/openapi.json', `/api/docs/${API_DOCS_SCRIPT}`), 'text/html; charset=utf-8'),
  );
  const script = once(() => served(apiDocsScript(), 'text/javascript; charset=utf-8'));
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => answer(c, description()))
    .get('/docs', (c) => answer(c, page(), { 'Content-Security-Policy': API_DOCS_POLICY }))
    .get(`/docs/${API_DOCS_SCRIPT}`, (c) => answer(c, script()));
}
