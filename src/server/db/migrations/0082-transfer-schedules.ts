import { type Kysely, sql } from 'kysely';

/**
 * Scheduled and recurring transfers: a customer's schedule (who, how much,
 * how often, until when, how it is paid) and one row per run that came due,
 * unique per schedule and run, so a run is recorded once whoever carries it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('transfer_schedules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('beneficiary_id', 'text', (c) => c.notNull())
    .addColumn('beneficiary_name', 'text', (c) => c.notNull())
    .addColumn('source_country', 'text', (c) => c.notNull())
    .addColumn('destination_country', 'text', (c) => c.notNull())
    .addColumn('payout_type', 'text', (c) => c.notNull())
    .addColumn('source_currency', 'text', (c) => c.notNull())
    .addColumn('dest_currency', 'text', (c) => c.notNull())
    .addColumn('amount_type', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('day_of_month', 'integer')
    .addColumn('end_type', 'text', (c) => c.notNull())
    .addColumn('end_count', 'integer')
    .addColumn('end_date', 'text')
    .addColumn('min_rate', 'numeric')
    .addColumn('payment_type', 'text', (c) => c.notNull())
    .addColumn('saved_card_id', 'text')
    .addColumn('card_consented_at', 'timestamptz')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('next_run', 'integer', (c) => c.notNull())
    .addColumn('from_trans_ref', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('transfer_schedules_key', ['customer_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('transfer_schedules_customer')
    .on('transfer_schedules')
    .columns(['customer_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('transfer_schedule_runs')
    .addColumn('schedule_id', 'text', (c) => c.notNull().references('transfer_schedules.id'))
    .addColumn('run', 'integer', (c) => c.notNull())
    .addColumn('run_date', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('transfer_id', 'text')
    .addColumn('rate', 'numeric')
    .addColumn('reason', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('transfer_schedule_runs_pkey', ['schedule_id', 'run'])
    .execute();
  await sql`alter table transfer_schedules add constraint transfer_schedules_amount_positive check (amount > 0)`.execute(
    db,
  );
}
