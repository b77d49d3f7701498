import type { Clock } from '../../clock.ts';
import { assertStorageKey, type DocumentStore } from './document-store.ts';

/** Documents in memory, for a database in memory (`memory://`, tests): both end with the process. */
export function memoryDocumentStore(clock: Clock): DocumentStore {
  const files = new Map<string, { bytes: Uint8Array; storedAt: Date }>();
  return {
    async put(key, bytes) {
      assertStorageKey(key);
      files.set(key, { bytes: new Uint8Array(bytes), storedAt: clock.now() });
    },
    async get(key) {
      assertStorageKey(key);
      return files.get(key)?.bytes;
    },
    async list() {
      return [...files].map(([key, { storedAt }]) => ({ key, storedAt }));
    },
    async delete(key) {
      assertStorageKey(key);
      files.delete(key);
    },
  };
}
