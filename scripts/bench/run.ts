/**
 * `npm run bench`: the figures the README quotes. Builds first when dist/ is
 * missing. PostgreSQL figures need BENCH_DATABASE_URL (or TEST_DATABASE_URL):
 * a URL the bench may create and drop scratch databases through.
 *
 * Options: `--api` runs the API latency bench alone; `--runs=N` repeats it N
 * times (3 by default) on a fresh server each time and prints the median and
 * range of each figure, since one run on a shared machine says little.
 * BENCH_API_PORT moves its server off 8282. `--lighthouse` scores the pages
 * with Lighthouse beside the stack floor, alone; `--pages=home,recipients`
 * scores only those (`lighthouse-pages.ts` names them), `--lighthouse-runs=N`
 * each page N times per cookie state (3 by default), `--keep-reports=DIR`
 * keeps each run's whole Lighthouse report there, and what it gathered
 * (`lighthouse-without.ts` audits a kept run again without some requests). `--replicas` runs the
 * scale-out bench alone (`replicas.ts`: 1 replica direct, 1 and 2 behind a
 * round-robin proxy, then one of the two killed), on PostgreSQL;
 * BENCH_REPLICA_PORTS moves its replicas off 8291,8292. `--mixed` runs the
 * mixed-load bench alone (`mixed-load.ts`: quotes, creations, card payments
 * and reads at 50 and 200 requests a second, 60 s, on each database, `--runs`
 * times); `--rates=50,200`, `--seconds=60` and `--databases=postgres,pglite` change its rates, length and databases.
 * `--offline` runs the offline warm-start bench alone (`offline-warm-start.ts`: each signed-in page opened offline
 * with a warm service worker at 4× CPU slowdown, timed until its last-known data and age are on screen, after the
 * stack floor's bare shell timed the same way),
 * `--offline-runs=N` times per page (5 by default), `--pages=home,wallets` only those; BENCH_OFFLINE_PORT moves its
 * server off 8285 and BENCH_OFFLINE_FLOOR_PORT the floor's off 8286.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { type ApiBenchResult, benchApi } from './api.ts';
import { measureBundle } from './bundle-size.ts';
import type { LoadResult } from './http-load.ts';
import { benchLedger } from './ledger.ts';
import { benchLighthouse } from './lighthouse.ts';
import { pickPages } from './lighthouse-pages.ts';
import { machineLoad } from './machine-load.ts';
import { benchMixedLoad, mixedLoadReport } from './mixed-load.ts';
import { benchOfflineWarmStart } from './offline-warm-start.ts';
import { benchPgliteDurability } from './pglite-durability.ts';
import { measurePrecache } from './precache-size.ts';
import { benchReplicas, replicaReport } from './replicas.ts';

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const option = (name: string) =>
  process.argv.find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`))?.split('=')[1] ?? undefined;
const apiOnly = process.argv.includes('--api');
const lighthouseOnly = process.argv.includes('--lighthouse');
const replicasOnly = process.argv.includes('--replicas');
const mixedOnly = process.argv.includes('--mixed');
const offlineOnly = process.argv.includes('--offline');
const apiRuns = Number(option('runs') ?? 3);
const pageNames = option('pages')?.split(',');
const lighthousePages = offlineOnly ? [] : pickPages(pageNames);
const lighthouseRuns = Number(option('lighthouse-runs') ?? 3);
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1)
  throw new Error('--lighthouse-runs takes a whole number ≥ 1');
const offlineRuns = Number(option('offline-runs') ?? 5);
if (!Number.isInteger(offlineRuns) || offlineRuns < 1) throw new Error('--offline-runs takes a whole number ≥ 1');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (!existsSync('dist/index.html') || !existsSync('dist-server/main.js')) {
  console.log('building first (npm run build)…');
  execSync('npm run build', { stdio: 'inherit' });
}

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);

const scoreLighthouse = async () => {
  console.log(
    `\n## Lighthouse mobile, each page beside the stack floor in the same run (${lighthouseRuns} run(s) each, cookie notice unanswered and answered; the floor 3)`,
  );
  const lighthouse = await benchLighthouse(lighthousePages, lighthouseRuns, option('keep-reports'));
  for (const line of lighthouse ?? ['(skipped: ../shared/stack-floor/lighthouse.sh is not beside the repository)']) {
    console.log(line);
  }
};
if (lighthouseOnly) {
  await scoreLighthouse();
  process.exit(0);
}
if (replicasOnly) {
  if (!pgUrl) throw new Error('--replicas needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  console.log(
    `\n## Scale-out on PostgreSQL: 1 and 2 replicas of the built server behind a round-robin proxy, then one killed; the load generator, the proxy, the replicas and PostgreSQL all share these ${cpus().length} cores`,
  );
  console.log(`load average before: ${machineLoad()}`);
  for (const line of replicaReport(await benchReplicas(pgUrl))) console.log(line);
  console.log(`load average after: ${machineLoad()}`);
  process.exit(0);
}

if (offlineOnly) {
  console.log(
    `\n## Offline warm start: each signed-in page opened offline, its worker warm, CPU 4× slower; ms from the navigation's start until its last-known data and age are on screen (${offlineRuns} runs each; goal: median ≤ 300 ms, no run over 600 ms)`,
  );
  for (const line of await benchOfflineWarmStart(offlineRuns, pageNames)) console.log(line);
  process.exit(0);
}

if (mixedOnly) {
  const rates = (option('rates') ?? '50,200').split(',').map(Number);
  const seconds = Number(option('seconds') ?? 60);
  const asked = option('databases')?.split(',') ?? ['postgres', 'pglite'];
  const databases = (['postgres', 'pglite'] as const).filter((db) => asked.includes(db) && (db === 'pglite' || pgUrl));
  console.log(
    `\n## Mixed load, open loop: of every 10 calls 6 quotes, 2 transfer creations, 1 card payment, 1 read (${apiRuns} runs); healthz at the same rate beside it`,
  );
  for (let run = 1; run <= apiRuns; run++) {
    for (const rate of rates) {
      for (const database of databases) {
        console.log(`run ${run}, load average before: ${machineLoad()}`);
        for (const line of mixedLoadReport(await benchMixedLoad(database, { rate, seconds, adminUrl: pgUrl }))) {
          console.log(line);
        }
      }
    }
  }
  console.log(`load average after: ${machineLoad()}`);
  process.exit(0);
}

if (!apiOnly) {
  console.log('\n## JS shipped (gzip -9)');
  const bundle = measureBundle();
  console.log(
    `first load: ${kb(bundle.firstLoadGzipBytes)} (${bundle.firstLoad.length} files: ${bundle.firstLoad.map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', ')})`,
  );
  console.log(`lazy chunks: ${bundle.chunks.length}, largest:`);
  for (const c of bundle.chunks.slice(0, 8)) console.log(`  ${c.file.padEnd(48)} ${kb(c.gzipBytes)}`);

  console.log("\n## The service worker's first-visit precache, as the server sends it (brotli; images as they are)");
  const precache = measurePrecache();
  console.log(
    `every language needs: ${precache.shared.files} files, ${kb(precache.shared.bytes)} (${kb(precache.shared.rawBytes)} raw)`,
  );
  for (const language of precache.languages) {
    console.log(
      `first visit in ${language.locale.padEnd(5)}: ${kb(language.firstVisitBytes)} (its own ${language.files} file(s), ${kb(language.bytes)})`,
    );
  }
  console.log(
    `(every language's files together: ${kb(precache.everyLanguageBytes)}; only the customer's are precached)`,
  );
}

console.log(
  `\n## API latency, open-loop arrivals, server and load generator on the same machine (${apiRuns} runs: median [min–max])`,
);
console.log(`load average before: ${machineLoad()}`);
const databases = pgUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const runs = new Map<string, ApiBenchResult[]>(databases.map((d) => [d, []]));
for (let i = 0; i < apiRuns; i++) {
  // interleaved, so a change in the machine's load touches every database alike
  for (const database of databases) runs.get(database)?.push(await benchApi(database, { adminUrl: pgUrl }));
}
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  return sorted.length === 1 ? `${median}` : `${median} [${sorted[0]}–${sorted[sorted.length - 1]}]`;
};
for (const [database, results] of runs) {
  for (const [name, pick] of [
    ['GET healthz (no work: the floor)', (r: ApiBenchResult) => r.floor],
    ['GET fx-rates (authenticated read)', (r: ApiBenchResult) => r.fxRates],
    ['POST save-quote (price + sign)', (r: ApiBenchResult) => r.saveQuote],
  ] as const) {
    const loads = results.map(pick);
    const first = loads[0] as LoadResult;
    const figure = (key: 'achievedRps' | 'p50Ms' | 'p90Ms' | 'p99Ms' | 'maxMs') => spread(loads.map((l) => l[key]));
    console.log(
      `${database.padEnd(8)} ${name.padEnd(36)} ${first.rate} req/s × ${first.seconds} s: ok ${loads.map((l) => l.ok).join('/')} of ${first.sent}, achieved ${figure('achievedRps')}/s, p50 ${figure('p50Ms')} ms, p90 ${figure('p90Ms')} ms, p99 ${figure('p99Ms')} ms, max ${figure('maxMs')} ms`,
    );
  }
}
console.log(`load average after: ${machineLoad()}`);
if (apiOnly) process.exit(0);

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
await scoreLighthouse();
if (!pgUrl) console.log('\n(PostgreSQL figures skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
