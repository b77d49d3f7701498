import type { Kysely } from 'kysely';

/**
 * Cards a customer agreed to save: the gateway's reusable token and what the
 * gateway shows of the card (brand, last four digits, expiry), never its
 * number. `source_token` is the single-use token it was saved from, so adding
 * the same token again answers with the same card. The sandbox gateway's
 * tokens learn to be reusable.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saved_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('source_token', 'text', (c) => c.notNull().unique())
    .addColumn('gateway_token', 'text', (c) => c.notNull().unique())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'char(4)', (c) => c.notNull())
    .addColumn('exp_month', 'int4', (c) => c.notNull())
    .addColumn('exp_year', 'int4', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_cards_customer_idx').on('saved_cards').column('customer_id').execute();
  await db.schema
    .alterTable('sandbox_card_tokens')
    .addColumn('reusable', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}
