import type { Db } from '../../db/connection.ts';

/**
 * Where the encrypted files of verification documents are kept, outside the
 * database (which keeps each file's metadata and wrapped key). Keys are
 * ours (`<document id>-<position>`); what is stored is already ciphertext,
 * so an object store (S3 and the like) can take this place with one adapter.
 */
export interface DocumentStore {
  /**
   * Keeps `bytes` under `key`, replacing what was there. `within` is the transaction that records the file's
   * row: a store in the same database writes in it (file and row commit together); any other ignores it.
   */
  put(key: string, bytes: Uint8Array, within?: Db): Promise<void>;
  /** What is kept under `key`; undefined when nothing is. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Every key kept, with when it was put (for the sweep of files no document row names). */
  list(): Promise<StoredKey[]>;
  /** Forgets `key`; nothing happens when nothing is kept under it. */
  delete(key: string): Promise<void>;
}

export interface StoredKey {
  key: string;
  storedAt: Date;
}

/** A key the stores accept: no path separators, no dots, so it names one file inside the store and nothing else. */
export const STORAGE_KEY = /^[0-9a-z][0-9a-z-]{0,127}$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error(`not a document storage key: ${JSON.stringify(key)}`);
}
