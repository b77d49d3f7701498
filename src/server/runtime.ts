import type { Hono } from 'hono';
import packageJson from '../../package.json' with { type: 'json' };
import { createApp } from './app.ts';
import { SessionCache } from './auth/session-cache.ts';
import { TOUCH_INTERVAL_MS } from './auth/sessions.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/connection.ts';
import { migrateToLatest, pendingMigrations } from './db/migrate.ts';
import type { AppDeps, AppEnv } from './http/app-env.ts';
import { createLogger } from './http/logger.ts';
import { describeProviders } from './providers/provider-settings.ts';
import { providersFrom } from './providers/providers-from.ts';
import { Readiness } from './readiness.ts';
import type { Tracing } from './tracing/tracing.ts';

/** How long a closing server waits for error reports still on their way. */
const REPORTS_FLUSH_MS = 2_000;

export interface Runtime {
  app: Hono<AppEnv>;
  deps: AppDeps;
  database: DatabaseHandle;
  close(): Promise<void>;
}

function providerKinds(config: Config): Record<string, string> {
  return Object.fromEntries(Object.entries(config.providers).map(([seam, choice]) => [seam, choice.kind]));
}

/**
 * Open the database, bring it up to date (or check that it is), wire the providers, build the app. `tracing`, when
 * given, was started before this module was imported (`main.ts`).
 */
export async function startRuntime(config: Config, clock: Clock = systemClock, tracing?: Tracing): Promise<Runtime> {
  // @sentry/core is loaded only when errors are reported: it costs a start 0.3-0.8 s
  const errorReports =
    config.errorReporting.kind === 'sentry'
      ? (await import('./providers/error-reporting/sentry-error-reports.ts')).sentryErrorReports(
          config.errorReporting,
          packageJson.version,
        )
      : undefined;
  const logger = createLogger(config.logLevel, undefined, errorReports?.report);
  // the first line: which providers serve (the demo's sandbox, or real ones)
  logger.info({ providers: providerKinds(config) }, describeProviders(config.providers));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteFsync: config.pgliteFsync,
    postgres: {
      ...config.postgres,
      onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'),
    },
  });
  if (config.migrateOnStart) {
    await migrateToLatest(database.db);
  } else {
    // `npm run migrate` is the deploy's step: a server older than the schema runs (expand/contract), a newer one waits
    const pending = await pendingMigrations(database.db);
    if (pending.length > 0) {
      await database.close();
      throw new Error(
        `the database is behind this server by ${pending.length} migration(s) (${pending.join(', ')}): ` +
          'run `npm run migrate` first, or start with MIGRATE_ON_START=true',
      );
    }
  }
  const sessions = await SessionCache.watch(database, logger, TOUCH_INTERVAL_MS);
  const deps: AppDeps = {
    config,
    db: database.db,
    logger,
    clock,
    providers: providersFrom({ db: database.db, config, clock, logger }),
    sessions,
    readiness: new Readiness(database.db, sessions),
    ...(tracing ? { tracing } : {}),
    // prom-client is loaded only when metrics are served: it costs a start without them 0.05-0.2 s
    ...(config.metricsPort === undefined
      ? {}
      : {
          metrics: new (await import('./metrics/metrics.ts')).Metrics({
            db: database.db,
            clock,
            pool: database.pool,
            jobsPool: database.jobsPool,
          }),
        }),
  };
  const app = createApp(deps);
  const close = async () => {
    deps.providers.messaging.close?.();
    await sessions.close();
    await database.close();
    await errorReports?.flush(REPORTS_FLUSH_MS);
  };
  return { app, deps, database, close };
}
