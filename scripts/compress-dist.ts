/**
 * After `vite build`: a brotli (`.br`) and a gzip (`.gz`) copy beside every
 * text file of `dist/`, made once at their highest levels, so the server
 * answers `Accept-Encoding` without compressing anything per request
 * (src/server/http/static-app.ts serves them, `Vary: Accept-Encoding`).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|css|html|svg|json|webmanifest|txt|ico)$/;
/** Below this a compressed copy saves too little to be worth a file. */
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const root = process.argv[2] ?? 'dist';
let raw = 0;
let brotli = 0;
let count = 0;
for (const path of files(root)) {
  if (!TEXT.test(path)) continue;
  const source = readFileSync(path);
  if (source.length < MIN_BYTES) continue;
  const br = brotliCompressSync(source, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
  raw += source.length;
  brotli += br.length;
  count += 1;
}
console.log(
  `compressed ${count} files in ${root}: ${(raw / 1024).toFixed(0)} KiB raw, ${(brotli / 1024).toFixed(0)} KiB brotli`,
);
