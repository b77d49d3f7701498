import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { durablePgliteOptions } from '../../src/server/db/pglite-durability.ts';

// PGlite on a directory flushes each commit to disk (src/server/db/pglite-durability.ts).
describe('PGlite durability on a data directory', () => {
  const folder = mkdtempSync(join(tmpdir(), 'sarraf-durability-test-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('runs PostgreSQL with fsync on, and every commit reaches a real fsync', async () => {
    const synced: number[] = [];
    const pglite = await PGlite.create({
      ...durablePgliteOptions(join(folder, 'data'), (fd) => void synced.push(fd)),
    });
    try {
      const settings = await pglite.query<{ fsync: string; method: string }>(
        `select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method`,
      );
      expect(settings.rows[0]).toEqual({ fsync: 'on', method: 'fsync' });
      await pglite.exec('create table scratch (id int primary key)');
      for (let id = 1; id <= 3; id++) {
        const before = synced.length;
        await pglite.query('insert into scratch (id) values ($1)', [id]);
        expect(synced.length).toBeGreaterThan(before);
      }
    } finally {
      await pglite.close();
    }
  }, 60_000);
});
