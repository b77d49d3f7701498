import { type Kysely, sql } from 'kysely';

/**
 * Document files leave the database for the document store
 * (`providers/document-store/`): a row keeps what the owner may see, the
 * file's wrapped key and where the store keeps its ciphertext. Rows written
 * before keep their `sealed` column (key and file together) and still open.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table verification_document_files
    alter column sealed drop not null,
    add column wrapped_key bytea,
    add column storage_key text,
    add constraint verification_document_files_place_check
      check ((sealed is not null) <> (storage_key is not null and wrapped_key is not null))`.execute(db);
}
