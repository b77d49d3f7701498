import { assert, object, string } from 'superstruct';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { scheduleDaily } from '../../jobs/daily-schedule.ts';
import type { OutboxHandler } from '../../jobs/outbox-worker.ts';

export const DOCUMENT_ORPHAN_SWEEP = 'document.orphan-sweep';

/** The daily sweep is due at 03:00 UTC. */
const RUN_HOUR_UTC = 3;

/**
 * A file is put in the store before the transaction that records its row
 * commits (`storeDocumentFiles`): younger than this, a file without a row
 * may still be on its way, so it is left alone.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** Keys looked up in the database at a time. */
const BATCH = 500;

const RunPayload = object({ day: string() });

/**
 * Removes from the document store every file no `verification_document_files`
 * row names and that is older than the grace period: the ciphertext of an
 * upload whose transaction failed (or whose row was deleted), which nobody
 * can open without its row's wrapped key but which should not be kept
 * either. Returns how many files were removed.
 */
export async function sweepOrphanDocuments(deps: Pick<AppDeps, 'db' | 'clock' | 'providers' | 'logger'>) {
  const store = deps.providers.documentStore;
  const before = deps.clock.now().getTime() - ORPHAN_GRACE_MS;
  const old = (await store.list()).filter(({ storedAt }) => storedAt.getTime() < before).map(({ key }) => key);
  let removed = 0;
  for (let start = 0; start < old.length; start += BATCH) {
    const keys = old.slice(start, start + BATCH);
    const named = await deps.db
      .selectFrom('verification_document_files')
      .select('storage_key')
      .where('storage_key', 'in', keys)
      .execute();
    const kept = new Set(named.map((row) => row.storage_key));
    for (const key of keys) {
      if (kept.has(key)) continue;
      await store.delete(key);
      removed += 1;
    }
  }
  deps.logger.info({ removed, looked: old.length }, 'document store swept of files without a document');
  return removed;
}

/** Queue the next daily sweep, once however many replicas and runs ask. */
export function scheduleOrphanDocumentSweep(db: Db, clock: Clock): Promise<string> {
  return scheduleDaily(db, DOCUMENT_ORPHAN_SWEEP, RUN_HOUR_UTC, clock);
}

/** The daily run: queues tomorrow's first, so a failing run does not end the schedule, then sweeps. */
export const runOrphanDocumentSweep: OutboxHandler = async (payload, { deps }) => {
  assert(payload, RunPayload);
  await scheduleOrphanDocumentSweep(deps.db, deps.clock);
  await sweepOrphanDocuments(deps);
};
