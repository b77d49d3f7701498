import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import { assertStorageKey, type DocumentStore } from './document-store.ts';

/**
 * Documents in a table of the database (`document_store_files`): every
 * replica on the same PostgreSQL reads what any of them stored, and a backup
 * of the database holds them. A file is written in the transaction that
 * records its row, so neither is ever kept without the other.
 */
export function databaseDocumentStore(db: Db, clock: Clock): DocumentStore {
  return {
    async put(key, bytes, within = db) {
      assertStorageKey(key);
      await within
        .insertInto('document_store_files')
        .values({ storage_key: key, ciphertext: bytes, stored_at: clock.now() })
        .onConflict((c) => c.column('storage_key').doUpdateSet({ ciphertext: bytes, stored_at: clock.now() }))
        .execute();
    },
    async get(key) {
      assertStorageKey(key);
      const row = await db
        .selectFrom('document_store_files')
        .select('ciphertext')
        .where('storage_key', '=', key)
        .executeTakeFirst();
      return row ? new Uint8Array(row.ciphertext) : undefined;
    },
    async list() {
      const rows = await db.selectFrom('document_store_files').select(['storage_key', 'stored_at']).execute();
      return rows.map((row) => ({ key: row.storage_key, storedAt: new Date(row.stored_at) }));
    },
    async delete(key) {
      assertStorageKey(key);
      await db.deleteFrom('document_store_files').where('storage_key', '=', key).execute();
    },
  };
}
