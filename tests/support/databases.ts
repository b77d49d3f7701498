import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { withDatabase } from './database-url.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL as well when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * What the server tests' global setup made (database-images.ts): the
 * migrated PGlite image and PostgreSQL template. Outside a vitest run (a
 * benchmark) there are none, and each database is migrated from empty.
 */
function prepared(): { pgliteImage?: Blob; postgresTemplate?: string } {
  if (!process.env.VITEST) return {};
  const image = inject('pgliteImage');
  const template = inject('postgresTemplate');
  return {
    ...(image ? { pgliteImage: imageBlob(image) } : {}),
    ...(template ? { postgresTemplate: template } : {}),
  };
}

/** The image read once per worker: 30 MB to read and copy for every test database otherwise. */
let imageRead: { file: string; blob: Blob } | undefined;
function imageBlob(file: string): Blob {
  if (imageRead?.file !== file) imageRead = { file, blob: new Blob([readFileSync(file)]) };
  return imageRead.blob;
}

interface ScratchOptions {
  poolSize?: number;
  /** PostgreSQL: the outbox's jobs get a pool of this size of their own, as the server's do (none unless given) */
  jobsPoolSize?: number;
  /** the PostgreSQL server to make the database on; TEST_DATABASE_URL unless given */
  adminUrl?: string | undefined;
  /** the new database's name before its random suffix */
  namePrefix?: string;
  /** false: an empty database, for a test that migrates it itself */
  migrated?: boolean;
}

/**
 * A fresh, migrated database of the given kind that nothing else sees (a
 * test file, a benchmark): an in-memory PGlite, or a new PostgreSQL database
 * dropped on close.
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: ScratchOptions = {},
): Promise<DatabaseHandle & { url?: string }> {
  const { pgliteImage, postgresTemplate } = options.migrated === false ? {} : prepared();
  const migrate = (db: DatabaseHandle['db']) => (options.migrated === false ? undefined : migrateToLatest(db));
  if (kind === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory://', ...(pgliteImage ? { image: pgliteImage } : {}) });
    if (!pgliteImage) await migrate(handle.db);
    return handle;
  }
  const adminUrl = options.adminUrl ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  // the template lives on TEST_DATABASE_URL's server
  const template = adminUrl === process.env.TEST_DATABASE_URL ? postgresTemplate : undefined;
  const name = `${options.namePrefix ?? 'sarraf_test'}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const handle = await openDatabase({
    databaseUrl: url,
    poolSize: options.poolSize ?? 10,
    ...(options.jobsPoolSize ? { postgres: { jobsPoolSize: options.jobsPoolSize } } : {}),
  });
  if (!template) await migrate(handle.db);
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // pg-pool's end() resolves before its sockets are gone; dropping with
      // force while one is still closing kills it and surfaces as an
      // unhandled error in the test process. Wait for them to leave first.
      for (let tries = 0; tries < 250; tries += 1) {
        const { rows } = await cleanup.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
