import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import { isBackgroundWork } from './background-work.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { durablePgliteOptions } from './pglite-durability.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the calls' pool, whose counts the metrics read */
  pool?: pg.Pool;
  /** PostgreSQL with `jobsPoolSize`: the jobs' pool, whose counts the metrics read beside the calls' */
  jobsPool?: pg.Pool;
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

/**
 * How the server's connections to PostgreSQL behave. Every field is optional: without it PostgreSQL's own
 * default holds (no timeout), which suits scripts and tests; the server passes its configuration.
 */
export interface PostgresSettings {
  /** connections in the calls' pool */
  poolSize?: number;
  /** connections in the pool of background work (the outbox's jobs, `inBackground`): 0 or absent, none of its own */
  jobsPoolSize?: number;
  /** `application_name`, which `pg_stat_activity` shows beside each connection */
  applicationName?: string;
  /** `statement_timeout`: PostgreSQL cancels a statement running longer (0: never) */
  statementTimeoutMs?: number;
  /** `idle_in_transaction_session_timeout`: PostgreSQL ends a session idle this long inside a transaction */
  idleInTransactionTimeoutMs?: number;
  /** how long a query waits for a pooled connection, or for a new one to open, before it fails */
  connectTimeoutMs?: number;
  /** told of an error on a connection no query was using (the pool has already dropped it) */
  onConnectionError?: (error: Error) => void;
}

/** Beyond the statement timeout, how long a query waits for an answer that never comes (a silent network). */
const QUERY_TIMEOUT_MARGIN_MS = 5_000;

function clientSettings(databaseUrl: string, settings: PostgresSettings): pg.ClientConfig {
  const statementTimeout = settings.statementTimeoutMs ?? 0;
  return {
    connectionString: databaseUrl,
    keepAlive: true,
    ...(settings.applicationName ? { application_name: settings.applicationName } : {}),
    ...(statementTimeout > 0
      ? { statement_timeout: statementTimeout, query_timeout: statementTimeout + QUERY_TIMEOUT_MARGIN_MS }
      : {}),
    ...(settings.idleInTransactionTimeoutMs
      ? { idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs }
      : {}),
    ...(settings.connectTimeoutMs ? { connectionTimeoutMillis: settings.connectTimeoutMs } : {}),
  };
}

/**
 * A pool that outlives its connections: PostgreSQL may end any of them (a restart, a failover,
 * `pg_terminate_backend`, a network blip). A connection that fails while idle in the pool is dropped by the
 * pool and reported here; one that fails while a query holds it fails that query and is dropped on release.
 * Either way the next query opens a new connection. Without these listeners the 'error' event of a
 * connection PostgreSQL ended would go unhandled and end the process.
 */
function resilientPool(databaseUrl: string, settings: PostgresSettings): pg.Pool {
  const report = settings.onConnectionError ?? (() => undefined);
  const pool = new pg.Pool({ ...clientSettings(databaseUrl, settings), max: settings.poolSize ?? 10 });
  pool.on('error', report);
  // a connection in use has no pool listener: its failure rejects the query, and this keeps the event handled
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * The pool as Kysely sees it: background work (`inBackground`: the outbox's jobs) takes its connections from a
 * pool of its own, so a burst of jobs never holds every connection while customers' calls wait for one. At 200
 * calls a second, jobs sharing one pool of 10 took the mixed load's p99 to 0.5–0.8 s, against 0.1 s with 20.
 */
function callsAndJobsPool(calls: pg.Pool, jobs: pg.Pool): PostgresPool {
  return {
    connect: () => (isBackgroundWork() ? jobs : calls).connect(),
    end: async () => {
      await Promise.all([calls.end(), jobs.end()]);
    },
  };
}

/** The jobs' pool: its size, and its own name in `pg_stat_activity`. */
function jobsSettings(settings: PostgresSettings, poolSize: number): PostgresSettings {
  return {
    ...settings,
    poolSize,
    ...(settings.applicationName ? { applicationName: `${settings.applicationName} jobs` } : {}),
  };
}

/** A connection of its own that only listens: a pooled one would hand its LISTEN to whoever takes it next. */
async function listenOnPostgres(
  databaseUrl: string,
  settings: PostgresSettings,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: () => void,
): Promise<() => Promise<void>> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const client = new pg.Client(clientSettings(databaseUrl, settings));
  // an error while connecting rejects connect() below; one after is `lost`
  client.on('error', () => undefined);
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
  /** pool size for PostgreSQL (also `postgres.poolSize`) */
  poolSize?: number;
  /** PostgreSQL: timeouts, pool size, application name; PostgreSQL's defaults where absent */
  postgres?: PostgresSettings;
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
    const { databaseUrl } = options;
    const settings: PostgresSettings = {
      ...options.postgres,
      poolSize: options.postgres?.poolSize ?? options.poolSize ?? 10,
    };
    const pool = resilientPool(databaseUrl, settings);
    const jobsPoolSize = settings.jobsPoolSize ?? 0;
    const jobsPool = jobsPoolSize > 0 ? resilientPool(databaseUrl, jobsSettings(settings, jobsPoolSize)) : undefined;
    const dialectPool = jobsPool ? callsAndJobsPool(pool, jobsPool) : pool;
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: dialectPool }) });
    return {
      db,
      kind: 'postgres',
      pool,
      ...(jobsPool ? { jobsPool } : {}),
      close: () => db.destroy(),
      listen: (channel, onMessage, onLost) => listenOnPostgres(databaseUrl, settings, channel, onMessage, onLost),
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
