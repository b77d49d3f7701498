/**
 * What flushing every commit to disk costs PGlite on a data directory:
 * single-row insert commits per second with fsync on (the default) and off
 * (PGLITE_FSYNC=off), in alternating one-second rounds on fresh directories.
 *
 *   npx tsx scripts/bench/pglite-durability.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connection.ts';

export interface DurabilityBenchResult {
  seconds: number;
  /** committed single-row inserts per second with each commit flushed to disk */
  fsyncOnPerSecond: number;
  /** the same with PGlite's own fsync-off setting */
  fsyncOffPerSecond: number;
}

async function open(folder: string, fsync: boolean): Promise<DatabaseHandle> {
  const handle = await openDatabase({ dataDir: join(folder, fsync ? 'on' : 'off'), pgliteFsync: fsync });
  await sql`create table bench_rows (id bigserial primary key, body text not null)`.execute(handle.db);
  return handle;
}

/** Inserts for one second, each its own commit; returns how many committed. */
async function round(handle: DatabaseHandle): Promise<number> {
  const end = performance.now() + 1000;
  let n = 0;
  while (performance.now() < end) {
    await sql`insert into bench_rows (body) values (${`row ${n}`})`.execute(handle.db);
    n += 1;
  }
  return n;
}

export async function benchPgliteDurability(seconds = 5): Promise<DurabilityBenchResult> {
  const folder = mkdtempSync(join(tmpdir(), 'sarraf-durability-'));
  try {
    const on = await open(folder, true);
    const off = await open(folder, false);
    let onCount = 0;
    let offCount = 0;
    for (let i = 0; i < seconds; i++) {
      onCount += await round(on);
      offCount += await round(off);
    }
    await on.close();
    await off.close();
    return {
      seconds,
      fsyncOnPerSecond: Math.round(onCount / seconds),
      fsyncOffPerSecond: Math.round(offCount / seconds),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchPgliteDurability();
  console.log(
    `PGlite on a directory, single-row commits/s over ${r.seconds} s each: fsync on ${r.fsyncOnPerSecond}/s, off ${r.fsyncOffPerSecond}/s (${(r.fsyncOnPerSecond / r.fsyncOffPerSecond).toFixed(2)}×)`,
  );
}
