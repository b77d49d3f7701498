import { Hono } from 'hono';
import { enums, object, pattern, size, string } from 'superstruct';
import type { AppEnv } from '../../http/app-env.ts';
import { jsonBody } from '../../http/validate.ts';

/** How many events the sandbox collector keeps, newest last. */
const KEPT = 500;

/**
 * An analytics event: which page was viewed (the route pattern, e.g.
 * `/transfers/$transactionReference`, never a reference or any other value of
 * the customer's) in which interface language. Nothing names the person.
 */
const AnalyticsEvent = object({
  name: enums(['page_view'] as const),
  page: size(pattern(string(), /^\/[A-Za-z0-9$_./{}-]*$/), 1, 200),
  locale: size(pattern(string(), /^[A-Za-z]{2,3}(-[A-Za-z]{2})?$/), 2, 6),
});

/**
 * The sandbox analytics collector: the app sends it page views only once the
 * customer accepts analytics cookies; `GET /events` shows what it received,
 * so a test or a demo user can see that nothing arrives before consent.
 * Mounted only in sandbox mode; kept in memory.
 */
export function sandboxAnalyticsRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const received: { name: string; page: string; locale: string; received_at: string }[] = [];
  app.post('/events', jsonBody(AnalyticsEvent), (c) => {
    received.push({ ...c.req.valid('json'), received_at: new Date().toISOString() });
    if (received.length > KEPT) received.splice(0, received.length - KEPT);
    return c.body(null, 204);
  });
  app.get('/events', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: received });
  });
  return app;
}
