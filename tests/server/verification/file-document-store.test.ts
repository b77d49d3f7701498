import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/server/clock.ts';
import { fileDocumentStore } from '../../../src/server/providers/document-store/file-document-store.ts';

describe('the document store in a directory', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sarraf-documents-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('keeps, lists with the time each file was put, and deletes files by key', async () => {
    const clock = new ManualClock('2026-01-15T10:00:00Z');
    const directory = join(root, 'documents');
    const store = fileDocumentStore(directory, clock);
    expect(await store.list()).toEqual([]);
    await store.put('a-0', new Uint8Array([1, 2, 3]));
    clock.advance(60_000);
    await store.put('b-0', new Uint8Array([4]));
    // a half-written file left by a crash is not a stored key
    await writeFile(join(directory, '.c-0.0123456789ab'), 'partial');
    const listed = (await store.list()).sort((x, y) => x.key.localeCompare(y.key));
    expect(listed).toEqual([
      { key: 'a-0', storedAt: new Date('2026-01-15T10:00:00Z') },
      { key: 'b-0', storedAt: new Date('2026-01-15T10:01:00Z') },
    ]);
    await store.delete('a-0');
    await store.delete('a-0');
    expect(await store.get('a-0')).toBeUndefined();
    expect(await store.get('b-0')).toEqual(new Uint8Array([4]));
    expect((await readdir(directory)).sort()).toEqual(['.c-0.0123456789ab', 'b-0']);
    await expect(store.delete('../escape')).rejects.toThrow('not a document storage key');
  });
});
