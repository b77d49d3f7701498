import { type Kysely, sql } from 'kysely';

/**
 * A transfer's history is read by transfer, oldest first, every time the
 * transfer is shown or answered (transfer-view.ts). Every index that led with
 * `transfer_id` was partial (one row per status, one per event, per key), and
 * a partial index cannot serve a read of all the transfer's rows: each read
 * scanned the whole table. Under the mixed load that grew PostgreSQL's CPU
 * over the minute, with the table. This index serves the read in its order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index transfer_events_transfer_idx on transfer_events (transfer_id, id)`.execute(db);
}
