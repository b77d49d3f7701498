import type { Kysely } from 'kysely';

/**
 * Documents customers upload for verification: each submission the document
 * provider decides, and each file's record (the bytes live encrypted in the
 * document store, never in the database); the sandbox provider's own table.
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
    .createTable('verification_documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('submission_id', 'uuid', (c) => c.notNull().references('verification_submissions.id'))
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('sealed_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
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
