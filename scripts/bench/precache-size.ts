/**
 * What a first visit's service worker downloads (its precache), as the server sends it: the brotli copy of a text
 * file where the build made one (scripts/compress-dist.ts), else the file itself (images). The worker precaches every
 * file of its manifest but the languages' (only the customer's own: sw/languages.ts), so this is counted per language.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, type Locale } from '../../src/domain/locales.ts';
import { languageOfFile } from '../../src/domain/precache-files.ts';

export interface PrecacheReport {
  /** files and bytes every first visit installs */
  shared: { files: number; bytes: number; rawBytes: number };
  /** by language: its own files, and the whole first visit (shared + its own) */
  languages: { locale: Locale; files: number; bytes: number; firstVisitBytes: number }[];
  /** every language's files together, as the worker installed them before it precached one language */
  everyLanguageBytes: number;
}

const served = (distDir: string, url: string): number => {
  const path = join(distDir, url);
  return existsSync(`${path}.br`) ? statSync(`${path}.br`).size : statSync(path).size;
};

/** The worker's manifest, read from the built sw.js (vite-plugin-pwa injects it as JSON). */
export function precacheManifest(distDir = 'dist'): string[] {
  const worker = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] as string);
  if (urls.length === 0) throw new Error(`no precache manifest found in ${distDir}/sw.js`);
  return urls;
}

export function measurePrecache(distDir = 'dist'): PrecacheReport {
  const urls = precacheManifest(distDir);
  const shared = urls.filter((url) => !languageOfFile(url));
  const sharedBytes = shared.reduce((sum, url) => sum + served(distDir, url), 0);
  const languages = LOCALES.map((locale) => {
    const own = urls.filter((url) => languageOfFile(url) === locale);
    const bytes = own.reduce((sum, url) => sum + served(distDir, url), 0);
    return { locale, files: own.length, bytes, firstVisitBytes: sharedBytes + bytes };
  });
  return {
    shared: {
      files: shared.length,
      bytes: sharedBytes,
      rawBytes: shared.reduce((sum, url) => sum + statSync(join(distDir, url)).size, 0),
    },
    languages,
    everyLanguageBytes: languages.reduce((sum, language) => sum + language.bytes, 0),
  };
}
