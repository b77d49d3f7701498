import type { Kysely } from 'kysely';

/** Delivery reports of texts, from the SMS provider's signed status callbacks (issue 28). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('message_delivery_reports')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_message_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('message_delivery_reports_once', ['provider', 'provider_message_id', 'status'])
    .execute();
}
