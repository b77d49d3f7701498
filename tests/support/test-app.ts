import type { Hono } from 'hono';
import { createApp } from '../../src/server/app.ts';
import { SessionCache } from '../../src/server/auth/session-cache.ts';
import { TOUCH_INTERVAL_MS } from '../../src/server/auth/sessions.ts';
import { type Clock, ManualClock } from '../../src/server/clock.ts';
import { type Config, testConfig } from '../../src/server/config.ts';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import type { AppDeps, AppEnv } from '../../src/server/http/app-env.ts';
import { createLogger } from '../../src/server/http/logger.ts';
import { Metrics } from '../../src/server/metrics/metrics.ts';
import { providersFrom } from '../../src/server/providers/providers-from.ts';
import { checkAgainstDescription } from './api-description-check.ts';
import { createTestDatabase, type DatabaseKind } from './databases.ts';

export interface TestApp {
  app: Hono<AppEnv>;
  deps: AppDeps;
  database: DatabaseHandle;
  clock: ManualClock;
  /**
   * JSON request helper; returns status, headers and parsed body. `from` is
   * the caller's address as the socket would give it; without it each call
   * comes from an address of its own, so only tests about per-address limits
   * meet them. Every request and answer is checked against the OpenAPI
   * description (api-description-check.ts): a mismatch throws.
   */
  call(
    method: string,
    path: string,
    init?: { body?: unknown; token?: string; headers?: Record<string, string>; from?: string },
  ): Promise<{
    status: number;
    headers: Headers;
    body: any;
  }>;
  close(): Promise<void>;
}

let callers = 0;

/** A fresh private IPv4 address for a caller the test does not name. */
export function newCallerAddress(): string {
  callers++;
  return `10.${(callers >> 16) & 255}.${(callers >> 8) & 255}.${callers & 255}`;
}

/** The real app over a fresh real database, with a clock the test moves. */
export async function createTestApp(kind: DatabaseKind, overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const t = await createTestAppOn(database, overrides);
  return {
    ...t,
    async close() {
      await t.close();
      await database.close();
    },
  };
}

/**
 * Another instance of the real app over `database`, as a further replica of one deployment is (its own
 * providers, session cache and clock); closing it leaves the database open.
 */
export async function createTestAppOn(database: DatabaseHandle, overrides: Partial<Config> = {}): Promise<TestApp> {
  const clock = new ManualClock();
  const config = testConfig(overrides);
  const logger = createLogger('silent');
  // as the server runs: sessions active in the last minute come from memory
  const sessions = await SessionCache.watch(database, logger, TOUCH_INTERVAL_MS);
  const deps: AppDeps = {
    config,
    db: database.db,
    logger,
    clock: clock as Clock,
    providers: providersFrom({ db: database.db, config, clock, logger }),
    sessions,
    // as the server does with METRICS_PORT; every scrape reads the database afresh
    ...(config.metricsPort === undefined
      ? {}
      : {
          metrics: new Metrics({
            db: database.db,
            clock,
            pool: database.pool,
            jobsPool: database.jobsPool,
            databaseFiguresMs: 0,
          }),
        }),
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    database,
    clock,
    async call(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      if (init.token) headers['x-auth-token'] = init.token;
      const sent =
        init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      const res = await app.request(
        path,
        { method, headers, body: sent },
        // what @hono/node-server passes: the request's socket
        { incoming: { socket: { remoteAddress: init.from ?? newCallerAddress() } } },
      );
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      if (!process.env.NO_DESCRIPTION_CHECK)
        checkAgainstDescription({ method, path, headers, body: sent, status: res.status, answer: body });
      return { status: res.status, headers: res.headers, body };
    },
    async close() {
      deps.providers.messaging.close?.();
      await sessions.close();
    },
  };
}
