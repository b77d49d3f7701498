import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../clock.ts';
import { assertStorageKey, type DocumentStore, STORAGE_KEY } from './document-store.ts';

/**
 * Documents as files in one directory (under the data directory), readable
 * by the server's user only. A file is written beside its place and renamed
 * into it, so a reader never meets half a file. A file's modification time
 * is when the clock says it was put.
 */
export function fileDocumentStore(directory: string, clock: Clock): DocumentStore {
  let made: Promise<unknown> | undefined;
  return {
    async put(key, bytes) {
      assertStorageKey(key);
      made ??= mkdir(directory, { recursive: true, mode: 0o700 });
      await made;
      const partial = join(directory, `.${key}.${randomBytes(6).toString('hex')}`);
      await writeFile(partial, bytes, { mode: 0o600 });
      await utimes(partial, clock.now(), clock.now());
      await rename(partial, join(directory, key));
    },
    async get(key) {
      assertStorageKey(key);
      try {
        return new Uint8Array(await readFile(join(directory, key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async list() {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const keys = names.filter((name) => STORAGE_KEY.test(name));
      return Promise.all(keys.map(async (key) => ({ key, storedAt: (await stat(join(directory, key))).mtime })));
    },
    async delete(key) {
      assertStorageKey(key);
      await rm(join(directory, key), { force: true });
    },
  };
}
