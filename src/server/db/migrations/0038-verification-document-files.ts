import type { Kysely } from 'kysely';

/**
 * The files of each uploaded document, sealed (`document-sealing.ts`): the
 * database holds only ciphertext and what the owner may see about a file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('verification_document_files')
    .addColumn('submission_id', 'uuid', (c) => c.notNull().references('verification_submissions.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('sealed', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('verification_document_files_pk', ['submission_id', 'position'])
    .execute();
}
