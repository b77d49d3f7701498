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
  /** PostgreSQL only: the pool, whose counts the metrics read */
  pool?: pg.Pool;
  close(): Promise<void>;
  /** PGlite only: an image of its data directory, which another in-memory PGlite can start from (`image`) */
  dumpImage?(): Promise<Blob>;
  /**
   * Hears `NOTIFY` on `channel` once it resolves: `onMessage` gets each payload, in commit order; `onLost` is told
   * when messages may have been missed (PostgreSQL: the listening connection failed or ended; it is not reopened).
   * Resolves to a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
}

const CHANNEL_NAME = /^[a-z_]{1,63}$/;

/** A connection of its own that only listens: a pooled one would hand its LISTEN to whoever takes it next. */
async function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: () => void,
): Promise<() => Promise<void>> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  let stopped = false;
  const lost = () => {
    if (!stopped) onLost();
    stopped = true;
  };
  client.on('notification', (message) => {
    if (message.channel === channel) onMessage(message.payload ?? '');
  });
  try {
    await client.connect();
    await client.query(`listen ${channel}`);
  } catch (error) {
    // the caller is told by this rejection, not by onLost as well
    await client.end().catch(() => undefined);
    throw error;
  }
  client.on('error', lost);
  client.on('end', lost);
  return async () => {
    stopped = true;
    await client.end();
  };
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
    const { databaseUrl } = options;
    return {
      db,
      kind: 'postgres',
      pool,
      close: () => db.destroy(),
      listen: (channel, onMessage, onLost) => listenOnPostgres(databaseUrl, channel, onMessage, onLost),
    };
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
    // one connection: a message is heard when the statement that sent it commits, before that statement returns
    listen: async (channel, onMessage) => {
      const stop = await pglite.listen(channel, onMessage);
      return () => (pglite.closed ? Promise.resolve() : stop());
    },
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
