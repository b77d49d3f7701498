import { type Kysely, sql } from 'kysely';

/**
 * Account lookups (SPEC §5): each answer of the payout provider, kept for
 * the customer who asked, so the same account and name asked again while
 * the customer sends (30 minutes) is answered from here, not asked again.
 * `fingerprint` is a SHA-256 of the corridor, the account and the name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_checks')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('registered_name', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint(
      'account_checks_result_check',
      sql`result in ('match', 'close_match', 'no_match', 'account_not_found', 'account_restricted', 'currency_mismatch')`,
    )
    .execute();
  await db.schema
    .createIndex('account_checks_lookup_idx')
    .on('account_checks')
    .columns(['customer_id', 'fingerprint', 'created_at'])
    .execute();
}
