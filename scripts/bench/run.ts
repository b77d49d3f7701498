/**
 * `npm run bench`: the figures the README quotes. Builds first when dist/ is
 * missing. PostgreSQL figures need BENCH_DATABASE_URL (or TEST_DATABASE_URL):
 * a URL the bench may create and drop scratch databases through.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { benchApi } from './api.ts';
import { measureBundle } from './bundle-size.ts';
import { benchLedger } from './ledger.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchPgliteDurability } from './pglite-durability.ts';

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (!existsSync('dist/index.html') || !existsSync('dist-server/main.js')) {
  console.log('building first (npm run build)…');
  execSync('npm run build', { stdio: 'inherit' });
}

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);

console.log('\n## JS shipped (gzip -9)');
const bundle = measureBundle();
console.log(
  `first load: ${kb(bundle.firstLoadGzipBytes)} (${bundle.firstLoad.length} files: ${bundle.firstLoad.map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', ')})`,
);
console.log(`lazy chunks: ${bundle.chunks.length}, largest:`);
for (const c of bundle.chunks.slice(0, 8)) console.log(`  ${c.file.padEnd(48)} ${kb(c.gzipBytes)}`);

console.log('\n## API latency, open-loop arrivals, server and load generator on the same machine');
const apiRuns = [await benchApi('pglite')];
if (pgUrl) apiRuns.push(await benchApi('postgres', { adminUrl: pgUrl }));
for (const run of apiRuns) {
  for (const [name, r] of [
    ['GET fx-rates (authenticated read)', run.fxRates],
    ['POST save-quote (price + insert)', run.saveQuote],
  ] as const) {
    console.log(
      `${run.database.padEnd(8)} ${name.padEnd(36)} ${r.rate} req/s × ${r.seconds} s: ok ${r.ok}/${r.sent}, achieved ${r.achievedRps}/s, p50 ${r.p50Ms} ms, p90 ${r.p90Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms`,
    );
  }
}

console.log('\n## Ledger: two-posting transfers per second (postTransaction vs the same posting as raw SQL)');
const ledgerRuns = [await benchLedger('pglite')];
if (pgUrl) ledgerRuns.push(await benchLedger('postgres', pgUrl));
for (const r of ledgerRuns) {
  console.log(
    `${r.kind.padEnd(8)} ${r.workers} worker(s), ${r.accounts} accounts: ledger ${r.postingsPerSecond}/s, raw SQL ${r.rawSqlPerSecond}/s, ratio ${r.ratio}`,
  );
}
console.log('\n## PGlite on a directory: single-row commits per second, each flushed to disk (default) or not');
const durability = await benchPgliteDurability();
console.log(
  `fsync on ${durability.fsyncOnPerSecond}/s, PGLITE_FSYNC=off ${durability.fsyncOffPerSecond}/s (${durability.seconds} s each)`,
);
console.log('\n## Lighthouse mobile, each page beside the stack floor in the same run (3 runs each)');
const lighthouse = await benchLighthouse();
for (const line of lighthouse ?? ['(skipped: ../shared/stack-floor/lighthouse.sh is not beside the repository)']) {
  console.log(line);
}
if (!pgUrl) console.log('\n(PostgreSQL figures skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
