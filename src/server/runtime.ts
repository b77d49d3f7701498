import type { Hono } from 'hono';
import { createApp } from './app.ts';
import { SessionCache } from './auth/session-cache.ts';
import { TOUCH_INTERVAL_MS } from './auth/sessions.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { AppDeps, AppEnv } from './http/app-env.ts';
import { createLogger } from './http/logger.ts';
import { sandboxProviders } from './providers/sandbox-providers.ts';
import { Readiness } from './readiness.ts';

export interface Runtime {
  app: Hono<AppEnv>;
  deps: AppDeps;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Open the database, bring it up to date, wire the providers, build the app. */
export async function startRuntime(config: Config, clock: Clock = systemClock): Promise<Runtime> {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteFsync: config.pgliteFsync,
    postgres: {
      ...config.postgres,
      onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'),
    },
  });
  await migrateToLatest(database.db);
  const sessions = await SessionCache.watch(database, logger, TOUCH_INTERVAL_MS);
  const deps: AppDeps = {
    config,
    db: database.db,
    logger,
    clock,
    providers: sandboxProviders({ db: database.db, config, clock }),
    sessions,
    readiness: new Readiness(database.db, sessions),
  };
  const app = createApp(deps);
  const close = async () => {
    await sessions.close();
    await database.close();
  };
  return { app, deps, database, close };
}
