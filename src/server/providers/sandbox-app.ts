import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { sandboxReviewRoutes } from '../modules/verification/sandbox-review-routes.ts';
import { sandboxAnalyticsRoutes } from './analytics/sandbox-analytics-routes.ts';
import { sandboxBankRoutes } from './bank-account/sandbox-bank-routes.ts';
import { sandboxBankIdRoutes } from './bank-id/sandbox-bank-id-routes.ts';
import { sandboxCaptchaRoutes } from './captcha/sandbox-captcha-routes.ts';
import { sandboxGatewayRoutes } from './card-gateway/sandbox-gateway-routes.ts';
import { sandboxMessagesRoutes } from './messaging/sandbox-messages-routes.ts';

/**
 * The sandbox providers' own endpoints (their pages, callbacks and
 * inspection views), mounted only when sandbox mode is on.
 */
export function sandboxApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.route('/', sandboxMessagesRoutes());
  app.route('/gateway', sandboxGatewayRoutes());
  app.route('/captcha', sandboxCaptchaRoutes());
  app.route('/analytics', sandboxAnalyticsRoutes());
  app.route('/bank', sandboxBankRoutes());
  app.route('/compliance', sandboxReviewRoutes());
  app.route('/bank-id', sandboxBankIdRoutes());
  return app;
}
