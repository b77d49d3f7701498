import { type Kysely, sql } from 'kysely';

/**
 * Identity verification: each customer's check states (the status they see
 * is derived from them and kept on `customers`), every move with who made it
 * and why, and the identity provider's reference for the customer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').addColumn('kyc_user_reference', 'text').execute();
  await db.schema
    .createIndex('customers_kyc_user_reference_key')
    .unique()
    .on('customers')
    .column('kyc_user_reference')
    .execute();

  await db.schema
    .createTable('verification_states')
    .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id'))
    .addColumn('database_checks', 'text', (c) => c.notNull())
    .addColumn('two_plus_two_result', 'text', (c) => c.notNull())
    .addColumn('watchlist_result', 'text', (c) => c.notNull())
    .addColumn('review', 'boolean', (c) => c.notNull())
    .addColumn('identity', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('source_of_funds', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('verification_moves')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    /** the order moves were made in, also within one transaction */
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text', (c) => c.notNull())
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_moves_customer_idx')
    .on('verification_moves')
    .columns(['customer_id', 'seq'])
    .execute();

  // customers verified before checks were recorded: their database checks count as done
  await sql`insert into verification_states
      (customer_id, database_checks, two_plus_two_result, watchlist_result, review, identity, address, source_of_funds, updated_at)
    select id, 'done', 'Verified', 'Verified', false, 'not_needed', 'not_needed', 'not_needed', now()
      from customers where verification_status <> 'NotRegistered'`.execute(db);
}
