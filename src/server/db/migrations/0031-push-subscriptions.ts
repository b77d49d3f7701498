import type { Kysely } from 'kysely';

/**
 * Web push subscriptions (the browser's push endpoint and its keys), each
 * bound to the customer who subscribed and the session that did it, so
 * signing out removes it. An endpoint belongs to one customer at a time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('session_token_hash', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_customer_idx')
    .on('push_subscriptions')
    .column('customer_id')
    .execute();
}
