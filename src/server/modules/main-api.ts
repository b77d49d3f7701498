import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { requireSession } from '../http/require-session.ts';

/**
 * The main API (SPEC §7), mounted at the base the service locator hands out.
 * One `route()` per area; each area's module owns its paths.
 */
export function mainApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.get('/session', requireSession(), (c) => c.json({ data: { customer_id: c.var.session.customerId } }));
  return api;
}
