import type { Kysely } from 'kysely';

/**
 * Documents handed to the document provider for verification: each
 * submission and its decision; the sandbox provider's own record.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('verification_submissions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('provider_reference', 'text', (c) => c.notNull().unique())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('verification_submissions_customer_idx')
    .on('verification_submissions')
    .columns(['customer_id', 'outcome'])
    .execute();

  await db.schema
    .createTable('sandbox_document_checks')
    .addColumn('reference', 'text', (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
