import { Hono } from 'hono';
import { enums, object, optional } from 'superstruct';
import { DISPUTE_OUTCOMES, DISPUTE_STATES } from '../../../domain/disputes.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { jsonBody } from '../../http/validate.ts';
import { reviewDispute } from './transfer-disputes.ts';

const Review = object({
  state: enums(DISPUTE_STATES),
  /** how it ended; given when, and only when, resolving */
  outcome: optional(enums(DISPUTE_OUTCOMES)),
});

/**
 * The sandbox disputes desk: a reviewer takes a reported problem into review
 * and resolves it with an outcome (README "Sandbox documented values").
 * Mounted only in sandbox mode; a real deployment does this in its back office.
 */
export function sandboxDisputeRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/:disputeId/review', jsonBody(Review), async (c) => {
    const { state, outcome } = c.req.valid('json');
    return c.json({ data: await reviewDispute(c.var.deps, c.req.param('disputeId'), state, outcome) });
  });
  return app;
}
