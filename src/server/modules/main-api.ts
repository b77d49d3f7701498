import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { beneficiariesRoutes } from './beneficiaries/beneficiaries-routes.ts';
import { notificationsRoutes } from './notifications/notifications-routes.ts';
import { quotesRoutes } from './quotes/quotes-routes.ts';
import { ratesRoutes } from './rates/rates-routes.ts';
import { transfersRoutes } from './transfers/transfers-routes.ts';
import { userRoutes } from './user/user-routes.ts';

/**
 * The main API (SPEC §7), mounted at the base the service locator hands out.
 * One `route()` per area; each area's module owns its paths.
 */
export function mainApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.route('/', ratesRoutes());
  api.route('/', quotesRoutes());
  api.route('/', beneficiariesRoutes());
  api.route('/', transfersRoutes());
  api.route('/user', userRoutes());
  api.route('/user', notificationsRoutes());
  return api;
}
