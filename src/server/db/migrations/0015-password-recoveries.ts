import type { Kysely } from 'kysely';

/**
 * Password recovery codes (SPEC §7 user/reset-password, user/change-password-token):
 * one live code per destination (an e-mail today), kept for registered and
 * unregistered destinations alike so the calls do the same work for both.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_recoveries')
    .addColumn('destination', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.references('customers.id').onDelete('cascade'))
    .addColumn('code_key', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text')
    .addColumn('code_sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('code_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_recoveries_code_expires_at_idx')
    .on('password_recoveries')
    .column('code_expires_at')
    .execute();
}
