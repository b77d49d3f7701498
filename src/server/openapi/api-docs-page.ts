import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The API reference page: Redoc's standalone bundle, served from our own
 * origin (never a CDN), reading GET /api/openapi.json. Redoc draws with
 * styled-components, which writes `<style>` elements, and runs its search in
 * a worker it makes from a blob: this page alone allows inline styles and
 * blob workers; scripts and connections stay our origin's, so nothing on it
 * reaches another site.
 */

export const API_DOCS_SCRIPT = 'redoc.standalone.js';
/** the folder beside the built server (dist-server/) where the build puts the script */
export const API_DOCS_ASSETS = 'api-docs';

export const API_DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

export const apiDocsPage = (descriptionPath: string, scriptPath: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sarraf API reference</title>
</head>
<body>
<redoc spec-url="${descriptionPath}"></redoc>
<script src="${scriptPath}"></script>
</body>
</html>
`;

/**
 * Redoc's bundle: the built server's copy (the image has no build-time
 * packages), else the package's own (development and tests).
 */
export function apiDocsScript(): Buffer {
  const built = new URL(`./${API_DOCS_ASSETS}/${API_DOCS_SCRIPT}`, import.meta.url);
  if (existsSync(built)) return readFileSync(built);
  return readFileSync(createRequire(import.meta.url).resolve(`redoc/bundles/${API_DOCS_SCRIPT}`));
}
