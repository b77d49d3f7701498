import { type Kysely, sql } from 'kysely';

/**
 * Problems customers report on their transfers (the US error-resolution
 * right): one row per dispute, its state and outcome with the time of each
 * move. At most one dispute per transfer is not yet RESOLVED; the customer's
 * Idempotency-Key makes opening one safe to retry.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('transfer_disputes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('transfer_id', 'text', (c) => c.notNull().references('transfers.id'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('under_review_at', 'timestamptz')
    .addColumn('resolved_at', 'timestamptz')
    .addUniqueConstraint('transfer_disputes_key', ['customer_id', 'idempotency_key'])
    .execute();
  await sql`create unique index transfer_disputes_one_open on transfer_disputes (transfer_id) where state <> 'RESOLVED'`.execute(
    db,
  );
}
