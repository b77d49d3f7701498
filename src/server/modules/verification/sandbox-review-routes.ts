import { Hono } from 'hono';
import { object, pattern, size, string } from 'superstruct';
import type { AppEnv } from '../../http/app-env.ts';
import { jsonBody } from '../../http/validate.ts';
import { clearWatchlistReview } from './review-clearance.ts';

const Clearance = object({
  /** who decided, e.g. their staff id */
  reviewer: size(pattern(string(), /^[\w.@-]+$/), 1, 64),
  /** why the hit is a false match */
  note: size(pattern(string(), /\S/), 1, 500),
});

/**
 * The sandbox compliance desk: a reviewer's decision on a customer held by
 * a watchlist hit (README "Sandbox documented values"). Mounted only in
 * sandbox mode; a real deployment takes this decision in its back office.
 */
export function sandboxReviewRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/reviews/:customerId/clear', jsonBody(Clearance), async (c) => {
    const { reviewer, note } = c.req.valid('json');
    const status = await clearWatchlistReview(c.var.deps, c.req.param('customerId'), reviewer, note);
    return c.json({ data: { verification_status: status } });
  });
  return app;
}
