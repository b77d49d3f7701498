import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/connection.ts';
import { pendingMigrations } from '../../src/server/db/migrate.ts';
import { migrations } from '../../src/server/db/migrations/index.ts';
import { startRuntime } from '../../src/server/runtime.ts';
import { createTestDatabase, DATABASE_KINDS, type DatabaseKind } from '../support/databases.ts';
import { serverEntry } from '../support/server-bundle.ts';

describe('MIGRATE_ON_START', () => {
  it('is on by default (npm start), off by default in production, and either way when set', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ SARRAF_ENV: 'production' }).migrateOnStart).toBe(false);
    expect(loadConfig({ SARRAF_ENV: 'production', MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(() => loadConfig({ MIGRATE_ON_START: 'yes' })).toThrow('MIGRATE_ON_START must be true or false');
  });
});

interface EmptyDatabase {
  /** what a server process is given */
  env: Record<string, string>;
  /** what `openDatabase` and the config are given */
  settings: { databaseUrl: string | undefined; dataDir?: string; pgliteFsync?: boolean };
  close(): Promise<void>;
}

/** An empty database of the kind, as a server process would open it: a URL, or a PGlite directory. */
async function emptyDatabase(kind: DatabaseKind): Promise<EmptyDatabase> {
  if (kind === 'postgres') {
    const database = await createTestDatabase('postgres', { migrated: false });
    await database.db.destroy();
    return {
      env: { DATABASE_URL: database.url as string },
      settings: { databaseUrl: database.url },
      close: database.close,
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'sarraf-migrate-'));
  return {
    env: { DATABASE_URL: '', DATA_DIR: dataDir, PGLITE_FSYNC: 'off' },
    settings: { databaseUrl: undefined, dataDir, pgliteFsync: false },
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** `npm run migrate`: the migration entry of this run's server bundle, as dist-server/migrate.js is built. */
function migrate(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const args = serverEntry('migrate');
  return new Promise((resolve) => {
    execFile(process.execPath, args, { env: { ...process.env, LOG_LEVEL: 'info', ...env } }, (error, out, err) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, output: `${out}${err}` }),
    );
  });
}

async function pendingIn(settings: EmptyDatabase['settings']) {
  const database = await openDatabase(settings);
  try {
    return await pendingMigrations(database.db);
  } finally {
    await database.close();
  }
}

// PGlite on a directory: each opening starts PostgreSQL in WebAssembly, and a first migration from empty takes
// 10-20 s on two busy cores
const SLOW = 120_000;

describe.each(DATABASE_KINDS)('npm run migrate on %s', (kind) => {
  let database: EmptyDatabase;
  beforeAll(async () => {
    database = await emptyDatabase(kind);
  }, SLOW);
  afterAll(() => database.close());

  it(
    'a server that does not migrate refuses a database behind its code, and names the step',
    async () => {
      expect(await pendingIn(database.settings)).toHaveLength(Object.keys(migrations).length);
      await expect(startRuntime(testConfig({ ...database.settings, migrateOnStart: false }))).rejects.toThrow(
        /behind this server by \d+ migration\(s\).*run `npm run migrate` first/,
      );
      // and it changed nothing
      expect(await pendingIn(database.settings)).toHaveLength(Object.keys(migrations).length);
    },
    SLOW,
  );

  it(
    'brings the database to head once, and again is a no-op; then the server starts without migrating',
    async () => {
      const first = await migrate(database.env);
      expect(first.code, first.output).toBe(0);
      expect(first.output).toContain(`migrated: ${Object.keys(migrations).length} migration(s) applied`);
      expect(await pendingIn(database.settings)).toEqual([]);

      const again = await migrate(database.env);
      expect(again.code, again.output).toBe(0);
      expect(again.output).toContain('migrated: 0 migration(s) applied');

      const runtime = await startRuntime(testConfig({ ...database.settings, migrateOnStart: false }));
      const res = await runtime.app.request('/api/locator/countries');
      expect(res.status).toBe(200);
      await runtime.close();
    },
    SLOW,
  );

  it(
    'a server older than the schema (a rolling release) still starts when it does not migrate',
    async () => {
      // the next release's migration has run: this code does not know it
      const next = await openDatabase(database.settings);
      const now = new Date().toISOString();
      await sql`insert into kysely_migration (name, timestamp) values ('9999-next-release', ${now})`.execute(next.db);
      await next.close();
      const runtime = await startRuntime(testConfig({ ...database.settings, migrateOnStart: false }));
      expect((await runtime.app.request('/api/locator/countries')).status).toBe(200);
      await runtime.close();
    },
    SLOW,
  );
});

describe('npm run migrate on a database it cannot reach', () => {
  it('exits 1', async () => {
    const failed = await migrate({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(failed.code).toBe(1);
    expect(failed.output).toContain('migration failed');
  });
});
