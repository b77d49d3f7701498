import { type Kysely, sql } from 'kysely';

/**
 * Documents every replica can read, and master keys that rotate: the
 * encrypted files move into a table of the shared database
 * (`database-document-store.ts`, DOCUMENT_STORE=database), and each file's
 * wrapped key names the master key that wrapped it. Rows written before were
 * wrapped by DOCUMENT_ENCRYPTION_KEY, read as the key `legacy`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_store_files')
    .addColumn('storage_key', 'text', (c) => c.primaryKey())
    .addColumn('ciphertext', 'bytea', (c) => c.notNull())
    .addColumn('stored_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`alter table verification_document_files add column key_id text`.execute(db);
  await sql`update verification_document_files set key_id = 'legacy'`.execute(db);
  await sql`alter table verification_document_files alter column key_id set not null`.execute(db);
}
