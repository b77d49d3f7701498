import { type Kysely, sql } from 'kysely';

/**
 * A signed-in customer's new e-mail or mobile number, waiting for the code
 * sent to it (SPEC §7 remitter/update-phone, verification/send-phone-code,
 * verify-phone, verify-email-resend): one per customer and kind; the
 * customer's contact changes only once the code comes back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_changes')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('email', 'mobile')`))
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('code_key', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text')
    .addColumn('code_sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('code_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_changes_pkey', ['customer_id', 'kind'])
    .execute();
}
