import { type Kysely, sql } from 'kysely';

/**
 * Rate alerts: a customer's target rate for a pair of wallet currencies,
 * fired once by the rate-alert check; the sandbox feed's rate overrides, its
 * control for moving a rate.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('from_currency', 'text', (c) => c.notNull())
    .addColumn('to_currency', 'text', (c) => c.notNull())
    .addColumn('target_rate', 'numeric', (c) => c.notNull().check(sql`target_rate > 0`))
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('above', 'below')`))
    .addColumn('rate_at_creation', 'numeric', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('ACTIVE', 'FIRED')`))
    .addColumn('fired_rate', 'numeric')
    .addColumn('fired_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('rate_alerts_fired_check', sql`(status = 'FIRED') = (fired_at is not null)`)
    .execute();
  await sql`create index rate_alerts_active_idx on rate_alerts (status, from_currency, to_currency)`.execute(db);
  await sql`create index rate_alerts_customer_idx on rate_alerts (customer_id, created_at)`.execute(db);

  await db.schema
    .createTable('sandbox_fx_overrides')
    .addColumn('from_currency', 'text', (c) => c.notNull())
    .addColumn('to_currency', 'text', (c) => c.notNull())
    .addColumn('rate', 'numeric', (c) => c.notNull().check(sql`rate > 0`))
    .addPrimaryKeyConstraint('sandbox_fx_overrides_pkey', ['from_currency', 'to_currency'])
    .execute();
}
