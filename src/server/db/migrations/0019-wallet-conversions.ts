import { type Kysely, sql } from 'kysely';

/**
 * Conversions between a customer's own wallets: the rates quoted to them
 * (each good for a short while) and the conversions executed at those rates.
 * The money itself moves in the ledger, keyed by the conversion's id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('conversion_rates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('from_currency', 'char(3)', (c) => c.notNull())
    .addColumn('to_currency', 'char(3)', (c) => c.notNull())
    .addColumn('mid_rate', 'numeric', (c) => c.notNull())
    .addColumn('rate', 'numeric', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('conversion_rates_positive', sql`rate > 0 and mid_rate > 0`)
    .addCheckConstraint('conversion_rates_two_currencies', sql`from_currency <> to_currency`)
    .execute();
  await db.schema
    .createIndex('conversion_rates_customer_pair_idx')
    .on('conversion_rates')
    .columns(['customer_id', 'from_currency', 'to_currency', 'expires_at'])
    .execute();

  await db.schema
    .createTable('conversions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('rate_id', 'text', (c) => c.notNull().references('conversion_rates.id'))
    .addColumn('from_currency', 'char(3)', (c) => c.notNull())
    .addColumn('to_currency', 'char(3)', (c) => c.notNull())
    .addColumn('from_amount', 'int8', (c) => c.notNull())
    .addColumn('to_amount', 'int8', (c) => c.notNull())
    .addColumn('rate', 'numeric', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('conversions_customer_key', ['customer_id', 'idempotency_key'])
    .addCheckConstraint('conversions_amounts_positive', sql`from_amount > 0 and to_amount > 0`)
    .addCheckConstraint('conversions_status_check', sql`status in ('COMPLETED')`)
    .execute();
  await db.schema
    .createIndex('conversions_customer_newest_idx')
    .on('conversions')
    .columns(['customer_id', 'created_at desc', 'id'])
    .execute();
}
