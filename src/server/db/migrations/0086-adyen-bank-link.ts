import { type Kysely, sql } from 'kysely';

/**
 * Bank link through Adyen's open banking (issue 28): Adyen has no look-up of a
 * payment, so what it said about each bank-link payment (the shopper's return
 * through `/payments/details`, or its signed AUTHORISATION webhook) is kept
 * here, and the pay-in lifecycle asks this table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('adyen_bank_link_payments')
    .addColumn('psp_reference', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'settled', 'cancelled', 'failed')`))
    .addColumn('reason', 'text', (c) => c.check(sql`reason in ('insufficient_funds', 'bank_error')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('adyen_bank_link_payments_reason_check_failed', sql`(status = 'failed') = (reason is not null)`)
    .execute();
}
