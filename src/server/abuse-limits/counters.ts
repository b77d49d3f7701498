import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../http/api-error.ts';
import type { AbuseLimit, Counter } from './limits.ts';

/** One hit counted against a limit or counter: how many the key has in its window, this one included. */
export interface Hit {
  limit: Counter;
  keyHash: string;
  hits: number;
  windowEndsAt: Date;
}

/** Counters whose window ended are deleted this many at a time, by whichever call comes next. */
const PRUNE_BATCH = 100;

const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/**
 * Add one hit in a single statement: a new key, or a key whose window has
 * ended, starts a window of one; otherwise the count goes up by one. The
 * row is locked while it changes, so concurrent hits on any number of
 * replicas each get their own count and none is lost.
 */
async function countHit(db: Db, limit: Counter, key: string, now: Date): Promise<Hit> {
  const keyHash = hashKey(key);
  const ended = sql<boolean>`abuse_limit_counters.window_ends_at <= ${now}`;
  const row = await db
    .insertInto('abuse_limit_counters')
    .values({
      limit_name: limit.name,
      key_hash: keyHash,
      hits: 1,
      window_ends_at: new Date(now.getTime() + limit.windowSeconds * 1000),
    })
    .onConflict((oc) =>
      oc.columns(['limit_name', 'key_hash']).doUpdateSet({
        hits: sql<number>`case when ${ended} then 1 else abuse_limit_counters.hits + 1 end`,
        window_ends_at: sql<Date>`case when ${ended} then excluded.window_ends_at else abuse_limit_counters.window_ends_at end`,
      }),
    )
    .returning(['hits', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { limit, keyHash, hits: row.hits, windowEndsAt: row.window_ends_at };
}

/** Delete a batch of ended counters, skipping any a transaction holds, so pruning never waits or deadlocks. */
async function pruneEnded(db: Db, now: Date): Promise<void> {
  await sql`
    delete from abuse_limit_counters
    where (limit_name, key_hash) in (
      select limit_name, key_hash from abuse_limit_counters
      where window_ends_at <= ${now}
      limit ${PRUNE_BATCH}
      for update skip locked
    )`.execute(db);
}

/** The 429 a limit answers with, and how long until its window ends. */
function refusalOf(limit: AbuseLimit, windowEndsAt: Date, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((windowEndsAt.getTime() - now.getTime()) / 1000));
  const { type, message, propertyPath } = limit.refusal;
  return new ApiError(type, message, propertyPath, { retryAfterSeconds: seconds });
}

/**
 * Count one hit against each limit, in order. The first limit the hit
 * takes over its number refuses the call (429 with Retry-After) and every
 * hit counted for it is given back, that one included: a refused call
 * counts nowhere, so only calls let through use up a limit. Inside a
 * transaction, the counters stay locked until it ends and a rollback takes
 * the hits back.
 */
export async function takeHits(
  db: Db,
  now: Date,
  wanted: ReadonlyArray<readonly [AbuseLimit, string]>,
): Promise<Hit[]> {
  await pruneEnded(db, now);
  const taken: Hit[] = [];
  for (const [limit, key] of wanted) {
    const hit = await countHit(db, limit, key, now);
    if (hit.hits > limit.max) {
      await giveBack(db, [...taken, hit]);
      throw refusalOf(limit, hit.windowEndsAt, now);
    }
    taken.push(hit);
  }
  return taken;
}

/**
 * Count one hit on each counter and refuse nothing: what the counts call
 * for (a captcha, a pause) is the caller's to decide. Like `takeHits`,
 * inside a transaction a rollback takes the hits back.
 */
export async function countHits(db: Db, now: Date, wanted: ReadonlyArray<readonly [Counter, string]>): Promise<Hit[]> {
  await pruneEnded(db, now);
  const counted: Hit[] = [];
  for (const [counter, key] of wanted) counted.push(await countHit(db, counter, key, now));
  return counted;
}

/** Take back hits that turned out not to count (a sign-in that succeeded, a call refused later). */
export async function giveBack(db: Db, hits: readonly Hit[]): Promise<void> {
  for (const hit of hits) {
    await db
      .updateTable('abuse_limit_counters')
      .set((eb) => ({ hits: eb('hits', '-', 1) }))
      .where('limit_name', '=', hit.limit.name)
      .where('key_hash', '=', hit.keyHash)
      .where('window_ends_at', '=', hit.windowEndsAt)
      .where('hits', '>', 0)
      .execute();
  }
}

/** Forget every hit of the counter a hit was counted on (e.g. failures, once the right password arrives). */
export async function clearCounter(db: Db, hit: Hit): Promise<void> {
  await db
    .deleteFrom('abuse_limit_counters')
    .where('limit_name', '=', hit.limit.name)
    .where('key_hash', '=', hit.keyHash)
    .execute();
}
