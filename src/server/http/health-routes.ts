import { type Handler, Hono } from 'hono';
import { errorUrn } from '../../domain/errors.ts';
import type { Readiness } from '../readiness.ts';
import type { AppEnv } from './app-env.ts';

/**
 * What a load balancer and an orchestrator ask, unauthenticated and free of
 * personal data: `/livez` (the process runs and its event loop answers; never
 * touches the database), `/healthz` (the same, kept for what already uses it)
 * and `/readyz` (send calls here: see `Readiness`), 503 in the SPEC §8
 * envelope with what is not ready.
 */
export function healthRoutes(readiness: Readiness): Hono<AppEnv> {
  // a sub-app's `use('*')` would apply to every route of the app it is mounted on: each answer sets its own
  const noStore = { 'Cache-Control': 'no-store' };
  const routes = new Hono<AppEnv>();
  const live: Handler<AppEnv> = (c) => c.json({ data: { status: 'ok' } }, 200, noStore);
  routes.get('/livez', live);
  routes.get('/healthz', live);
  routes.get('/readyz', async (c) => {
    const { ready, problems } = await readiness.check();
    if (ready) return c.json({ data: { status: 'ready' } }, 200, noStore);
    const message = `Not ready: ${problems.join('; ')}`;
    return c.json({ errors: [{ type: errorUrn('ServiceUnavailable'), message, property_path: null }] }, 503, noStore);
  });
  return routes;
}
