import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';
import { UNMATCHED_ENDPOINT } from './request-metrics.ts';

/**
 * With tracing on, each API call's span is named after its endpoint-table entry (`area.name`, set by the mount
 * before any check runs), as the metrics count it, never after its path, which carries ids.
 */
export const requestTracing = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { tracing } = c.var.deps;
    if (!tracing) return next();
    try {
      await next();
    } finally {
      const endpoint = c.var.endpoint;
      tracing.nameCall(endpoint ?? UNMATCHED_ENDPOINT, endpoint ? c.var.endpointRoute : undefined);
    }
  });
