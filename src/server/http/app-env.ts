import type { SessionCache } from '../auth/session-cache.ts';
import type { LiveSession } from '../auth/sessions.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Providers } from '../providers/providers.ts';
import type { Readiness } from '../readiness.ts';
import type { Tracing } from '../tracing/tracing.ts';
import type { Logger } from './logger.ts';

/** Everything the app needs from outside; passed in, never imported. */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  clock: Clock;
  providers: Providers;
  /** the sessions active in the last minute, kept in memory (absent: every signed-in call reads its session) */
  sessions?: SessionCache;
  /** the Prometheus metrics (absent: nothing is counted) */
  metrics?: Metrics;
  /** OpenTelemetry's tracing, started before the app (absent: TRACING is off and nothing is traced) */
  tracing?: Tracing;
  /** what `/readyz` answers (absent: one made from `db` and `sessions`) */
  readiness?: Readiness;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    log: Logger;
    session: LiveSession;
    /** set on `registration` calls of the OAuth-style API */
    registrationToken: string;
    /** set on idempotent calls: the caller's Idempotency-Key */
    idempotencyKey: string;
    /** set on `multipart` calls: the files, by form field */
    uploads: ReadonlyMap<string, readonly File[]>;
    /** the endpoint-table entry the call matched, `area.name`: what metrics count it under */
    endpoint: string;
    /** that entry's path template, base included (`/api/main/remit/transaction/:trans_ref`), for its trace span */
    endpointRoute: string;
  };
}
