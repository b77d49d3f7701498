import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';

/** A side effect to carry out once the transaction that wrote it commits. */
export interface OutboxEvent {
  topic: string;
  /** JSON-safe: money as decimal strings, never bigint */
  payload: Record<string, unknown>;
  /** not before this time; now when absent */
  availableAt?: Date;
  /** at most one event ever exists under this key: queueing it again adds nothing */
  dedupeKey?: string;
}

/**
 * Record a side effect. Pass the transaction of the business change so the
 * event exists exactly when the change does: a rollback leaves no event.
 * Handlers run at least once, so they must be idempotent. Returns the event's
 * id (with a dedupe key already taken, the id of the event holding it).
 */
export async function enqueue(db: Db | Transaction<Database>, event: OutboxEvent, clock: Clock): Promise<string> {
  const id = `evt_${randomUUID()}`;
  const now = clock.now();
  const dedupeKey = event.dedupeKey ?? null;
  const inserted = await db
    .insertInto('outbox_events')
    .values({
      id,
      topic: event.topic,
      payload: JSON.stringify(event.payload),
      available_at: event.availableAt ?? now,
      locked_by: null,
      locked_until: null,
      last_error: null,
      dedupe_key: dedupeKey,
      created_at: now,
      processed_at: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted || dedupeKey === null) return id;
  const existing = await db
    .selectFrom('outbox_events')
    .select('id')
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirstOrThrow();
  return existing.id;
}
