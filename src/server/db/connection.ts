import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import { durablePgliteOptions } from './pglite-durability.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: an image of its data directory, which another in-memory PGlite can start from (`image`) */
  dumpImage?(): Promise<Blob>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * int8 columns hold money in minor units: they come back as bigint, never as
 * a lossy number. numeric (rates) comes back as its exact decimal string.
 */
pg.types.setTypeParser(INT8_OID, (v) => BigInt(v));

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** pool size for PostgreSQL */
  poolSize?: number;
  /**
   * PGlite on a directory: flush every commit to disk (the default). Off is
   * PGlite's own setting, which survives a killed process but not a power cut.
   */
  pgliteFsync?: boolean;
  /**
   * An in-memory PGlite starts from this image of a data directory (`dumpImage`) instead of an
   * empty one: a copy of an already migrated database costs a fraction of creating and migrating it.
   */
  image?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? './data';
  const inMemory = dataDir === 'memory://';
  const pglite = await PGlite.create({
    ...(inMemory
      ? { loadDataDir: options.image }
      : options.pgliteFsync === false
        ? { dataDir }
        : durablePgliteOptions(dataDir)),
    parsers: {
      [INT8_OID]: (v: string) => BigInt(v),
      [NUMERIC_OID]: (v: string) => v,
    },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    dumpImage: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
