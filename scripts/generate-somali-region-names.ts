/**
 * Writes the Somali names of every country (ISO 3166 two-letter code) from the
 * Unicode CLDR package into src/client/lib/somali-region-names.json. Browsers
 * such as Chromium ship no Somali country names in Intl, so the client loads
 * this file (its own small chunk) only under the Somali interface. The JSON is
 * committed; rerun this when the CLDR package is updated:
 *   npx tsx scripts/generate-somali-region-names.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const source = require.resolve('cldr-localenames-full/main/so/territories.json');
const cldr = JSON.parse(readFileSync(source, 'utf8')) as {
  main: { so: { localeDisplayNames: { territories: Record<string, string> } } };
};

const territories = cldr.main.so.localeDisplayNames.territories;
/** Two capital letters: a country; regions are numeric and variants carry "-alt-". */
const names = Object.fromEntries(
  Object.entries(territories)
    .filter(([code]) => /^[A-Z]{2}$/.test(code))
    .sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync('src/client/lib/somali-region-names.json', `${JSON.stringify(names, null, 2)}\n`);
console.log(`${Object.keys(names).length} Somali country names written`);
