import type { Db } from '../../db/connection.ts';
import { type DocumentMasterKeys, masterKey } from '../../document-master-keys.ts';
import { aadOf } from './document-files.ts';
import { rewrapKey, splitSealed } from './document-sealing.ts';

/** Rows rewrapped per transaction. */
const BATCH = 200;

/**
 * A master key's rotation (`npm run documents:rewrap`): every document file
 * whose key another master key wrapped gets its key wrapped by the current
 * one instead. Only the wrapped keys change (the files in the store are
 * untouched), a batch per transaction, each row only if no one rewrapped it
 * meanwhile; the run can be stopped and run again. Throws, naming the id,
 * when a row's master key is no longer configured. Returns how many files
 * were rewrapped.
 */
export async function rewrapDocumentKeys(db: Db, keys: DocumentMasterKeys): Promise<number> {
  const to = masterKey(keys, keys.current);
  let rewrapped = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('verification_document_files')
        .select(['submission_id', 'position', 'key_id', 'wrapped_key', 'sealed'])
        .where('key_id', '<>', keys.current)
        .orderBy('submission_id')
        .orderBy('position')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const row of rows) {
        const aad = aadOf(row.submission_id, row.position);
        const from = masterKey(keys, row.key_id);
        const change = row.sealed
          ? { sealed: rewrapSealed(from, to, row.sealed, aad) }
          : { wrapped_key: rewrapKey(from, to, row.wrapped_key as Uint8Array, aad) };
        await trx
          .updateTable('verification_document_files')
          .set({ ...change, key_id: keys.current })
          .where('submission_id', '=', row.submission_id)
          .where('position', '=', row.position)
          .where('key_id', '=', row.key_id)
          .execute();
      }
      return rows.length;
    });
    rewrapped += done;
    if (done < BATCH) return rewrapped;
  }
}

/** A row from before the document store keeps its wrapped key in front of its file (`splitSealed`). */
function rewrapSealed(from: Uint8Array, to: Uint8Array, sealed: Uint8Array, aad: string): Buffer {
  const { wrappedKey, ciphertext } = splitSealed(sealed);
  return Buffer.concat([rewrapKey(from, to, wrappedKey, aad), ciphertext]);
}
