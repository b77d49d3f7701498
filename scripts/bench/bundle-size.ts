/**
 * JS shipped, gzip: the first-load set (entry + modulepreloads in index.html)
 * and every lazily loaded chunk, measured on the built dist/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleReport {
  firstLoadGzipBytes: number;
  firstLoad: { file: string; gzipBytes: number }[];
  chunks: { file: string; gzipBytes: number }[];
}

const gz = (path: string): number => gzipSync(readFileSync(path), { level: 9 }).length;

export function measureBundle(distDir = 'dist'): BundleReport {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const firstLoadFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const firstLoad = [...new Set(firstLoadFiles)].map((file) => ({ file, gzipBytes: gz(join(distDir, file)) }));
  const all = readdirSync(join(distDir, 'assets')).filter((f) => f.endsWith('.js'));
  const chunks = all
    .map((f) => `assets/${f}`)
    .filter((f) => !firstLoadFiles.includes(f))
    .map((file) => ({ file, gzipBytes: gz(join(distDir, file)) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { firstLoadGzipBytes: firstLoad.reduce((s, f) => s + f.gzipBytes, 0), firstLoad, chunks };
}
