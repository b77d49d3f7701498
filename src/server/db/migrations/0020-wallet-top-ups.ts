import { type Kysely, sql } from 'kysely';

/** Card top-ups of a customer's wallets, one row per attempt, keyed by the customer's Idempotency-Key. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('top_ups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('amount', 'int8', (c) => c.notNull())
    .addColumn('card_token', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('gateway_payment_id', 'text')
    .addColumn('challenge_url', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('top_ups_customer_key', ['customer_id', 'idempotency_key'])
    .addCheckConstraint('top_ups_amount_positive', sql`amount > 0`)
    .addCheckConstraint('top_ups_status_check', sql`status in ('PROCESSING', 'WAITING', 'APPROVED', 'DECLINED')`)
    .execute();
}
