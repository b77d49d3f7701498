import { Hono } from 'hono';
import { array, integer, literal, max, min, object, pattern, size, string, union } from 'superstruct';
import type { AppEnv } from '../../http/app-env.ts';
import { jsonBody } from '../../http/validate.ts';

/** How many events the sandbox collector keeps, newest last. */
const KEPT = 500;

/** What every event carries: the release, the route's pattern (never an address with values in it), the language. */
const base = {
  release: size(pattern(string(), /^[0-9A-Za-z.+-]+$/), 1, 40),
  page: size(pattern(string(), /^\/[A-Za-z0-9$_./{}-]*$/), 1, 200),
  locale: size(pattern(string(), /^[A-Za-z]{2,3}(-[A-Za-z]{2})?$/), 2, 6),
};

const ReportEvent = union([
  object({
    kind: literal('error'),
    ...base,
    type: size(string(), 1, 60),
    message: size(string(), 0, 300),
    frames: size(array(size(string(), 1, 200)), 0, 10),
  }),
  object({ kind: literal('trace'), ...base, duration_ms: min(max(integer(), 600_000), 0) }),
  object({
    kind: literal('session'),
    ...base,
    status: union([literal('ok'), literal('errored')]),
    pages: min(max(integer(), 10_000), 0),
    duration_s: min(max(integer(), 86_400 * 30), 0),
  }),
]);

const ReportBatch = object({ events: size(array(ReportEvent), 1, 20) });

/**
 * The sandbox error collector: the app sends it errors (message and stack
 * scrubbed of anything personal on the device), navigation timings and sampled
 * session summaries (client features/error-reporting); `GET /` shows what it
 * received. Nothing of the request (address, cookies, agent) is kept.
 * Mounted only in sandbox mode; kept in memory.
 */
export function sandboxErrorReportRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const received: Record<string, unknown>[] = [];
  app.post('/', jsonBody(ReportBatch), (c) => {
    const receivedAt = new Date().toISOString();
    for (const event of c.req.valid('json').events) received.push({ ...event, received_at: receivedAt });
    if (received.length > KEPT) received.splice(0, received.length - KEPT);
    return c.body(null, 204);
  });
  app.get('/', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: received });
  });
  return app;
}
