/**
 * Part of `npm run build`: writes the API's OpenAPI 3.1 description to dist-server/openapi.json (the same document
 * the server answers at GET /api/openapi.json when API_DOCS is on), and puts beside it the reference page's script
 * (Redoc's standalone bundle, a build-time package) for the image, which holds no build-time packages.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { API_DOCS_ASSETS, API_DOCS_SCRIPT } from '../src/server/openapi/api-docs-page.ts';
import { openApiDocument } from '../src/server/openapi/openapi-document.ts';

const document = openApiDocument();
mkdirSync(`dist-server/${API_DOCS_ASSETS}`, { recursive: true });
writeFileSync('dist-server/openapi.json', `${JSON.stringify(document, null, 2)}\n`);
copyFileSync(
  createRequire(import.meta.url).resolve(`redoc/bundles/${API_DOCS_SCRIPT}`),
  `dist-server/${API_DOCS_ASSETS}/${API_DOCS_SCRIPT}`,
);
console.log(
  `API description written: dist-server/openapi.json (${Object.keys(document.paths as object).length} paths)`,
);
