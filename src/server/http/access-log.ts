import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';

/**
 * One line per API request: method, path (never the query, which may carry
 * an e-mail), status and duration, on the request's logger so it carries the
 * request id. Static files are not logged.
 */
export const accessLog = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    c.var.log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });
