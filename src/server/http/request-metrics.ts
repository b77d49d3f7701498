import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';

/** Label value of a call that matched no endpoint-table entry (an unknown path, a provider callback). */
export const UNMATCHED_ENDPOINT = 'other';

/**
 * Each API call counted and timed under its endpoint-table entry's name (`area.name`, set by the mount before
 * any check runs, so a 401 or a 400 counts under its entry too), never under its path, which carries ids.
 */
export const requestMetrics = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { metrics } = c.var.deps;
    if (!metrics) return next();
    const started = performance.now();
    try {
      await next();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      metrics.observe(c.var.endpoint ?? UNMATCHED_ENDPOINT, c.req.method, c.res.status, seconds);
    }
  });
