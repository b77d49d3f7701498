import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { masterKey } from '../../document-master-keys.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { openFile, sealFile, splitSealed } from './document-sealing.ts';

/** A checked file of a document, ready to keep: its form field, what its bytes are, and the bytes. */
export interface DocumentFile {
  field: string;
  contentType: string;
  bytes: Uint8Array;
}

/** What the provider is handed of each file: its side, its SHA-256, and the checked bytes (Onfido takes them). */
export const fingerprints = (files: readonly DocumentFile[]) =>
  files.map(({ field, contentType, bytes }) => ({
    side: field,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    contentType,
    bytes,
  }));

/** What each sealed file is bound to: its document and place (`openFile` needs the same). */
export const aadOf = (submissionId: string, position: number) => `${submissionId}/${position}`;
const storageKeyOf = (submissionId: string, position: number) => `${submissionId}-${position}`;

/**
 * Seal each file with a key of its own, put the ciphertext in the document
 * store and record the file (metadata and wrapped key) in `trx`. The store
 * is written first: a transaction that then fails leaves an unreferenced
 * ciphertext nobody can open without its row, never a row without its file
 * (the database store writes in `trx`, and keeps neither).
 */
export async function storeDocumentFiles(
  deps: AppDeps,
  trx: Db,
  submissionId: string,
  files: readonly DocumentFile[],
): Promise<void> {
  const keys = deps.config.documentKeys;
  const rows = [];
  for (const [position, file] of files.entries()) {
    const { wrappedKey, ciphertext } = sealFile(
      masterKey(keys, keys.current),
      file.bytes,
      aadOf(submissionId, position),
    );
    const storageKey = storageKeyOf(submissionId, position);
    await deps.providers.documentStore.put(storageKey, ciphertext, trx);
    rows.push({
      submission_id: submissionId,
      position,
      field: file.field,
      content_type: file.contentType,
      bytes: file.bytes.length,
      sealed: null,
      wrapped_key: wrappedKey,
      key_id: keys.current,
      storage_key: storageKey,
    });
  }
  if (rows.length > 0) await trx.insertInto('verification_document_files').values(rows).execute();
}

/** One stored file in clear, for the review of a document (a row from before the store opens too). */
export async function readDocumentFile(deps: AppDeps, submissionId: string, position: number): Promise<Buffer> {
  const row = await deps.db
    .selectFrom('verification_document_files')
    .select(['sealed', 'wrapped_key', 'key_id', 'storage_key'])
    .where('submission_id', '=', submissionId)
    .where('position', '=', position)
    .executeTakeFirstOrThrow();
  const aad = aadOf(submissionId, position);
  const key = masterKey(deps.config.documentKeys, row.key_id);
  if (row.sealed) return openFile(key, splitSealed(row.sealed), aad);
  const ciphertext = row.storage_key ? await deps.providers.documentStore.get(row.storage_key) : undefined;
  if (!ciphertext || !row.wrapped_key) throw new Error(`the file ${aad} is missing from the document store`);
  return openFile(key, { wrappedKey: row.wrapped_key, ciphertext }, aad);
}
