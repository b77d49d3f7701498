import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { CreatedAt, Timestamp } from './platform.ts';

export type OutboxStatus = 'pending' | 'done' | 'dead';

/**
 * Side effects waiting to happen, written in the same transaction as the
 * change that causes them and carried out by the outbox worker.
 */
export interface OutboxEventsTable {
  id: string;
  topic: string;
  payload: JSONColumnType<Record<string, unknown>>;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  /** how many times a worker has claimed the event */
  attempts: Generated<number>;
  /** not claimed before this time (first run, or the next retry) */
  available_at: Timestamp;
  locked_by: string | null;
  /** lease: once past, another worker may claim the event again */
  locked_until: Timestamp | null;
  last_error: string | null;
  /** an event queued again under this key is not queued twice (a recurring job's run, from every replica) */
  dedupe_key: string | null;
  created_at: CreatedAt;
  processed_at: Timestamp | null;
}

export interface OutboxTables {
  outbox_events: OutboxEventsTable;
}
