import { Hono } from 'hono';
import { ApiError } from '../http/api-error.ts';
import type { AppEnv } from '../http/app-env.ts';
import { isPlainText } from '../http/input-values.ts';
import { sandboxDisputeRoutes } from '../modules/transfers/sandbox-dispute-routes.ts';
import { sandboxReviewRoutes } from '../modules/verification/sandbox-review-routes.ts';
import { sandboxAnalyticsRoutes } from './analytics/sandbox-analytics-routes.ts';
import { sandboxBankRoutes } from './bank-account/sandbox-bank-routes.ts';
import { sandboxBankIdRoutes } from './bank-id/sandbox-bank-id-routes.ts';
import { sandboxBankLinkRoutes } from './bank-link/sandbox-bank-link-routes.ts';
import { sandboxCaptchaRoutes } from './captcha/sandbox-captcha-routes.ts';
import { sandboxGatewayRoutes } from './card-gateway/sandbox-gateway-routes.ts';
import { sandboxErrorReportRoutes } from './error-reporting/sandbox-error-reports-routes.ts';
import { sandboxFxRoutes } from './fx-rates/sandbox-fx-routes.ts';
import { sandboxCaptureRoutes } from './identity-capture/sandbox-capture-routes.ts';
import { sandboxMessagesRoutes } from './messaging/sandbox-messages-routes.ts';
import { sandboxPayoutCardRoutes } from './payout-cards/sandbox-payout-card-routes.ts';
import { sandboxChatRoutes } from './support-chat/sandbox-chat-routes.ts';

/**
 * The sandbox providers' own endpoints (their pages, callbacks and
 * inspection views), mounted only when sandbox mode is on.
 */
export function sandboxApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // a provider's page is addressed by ids in its path: one that is not text is refused here, before any lookup
  app.use('*', async (c, next) => {
    let path: string | undefined;
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      path = undefined;
    }
    if (path === undefined || !isPlainText(path)) {
      throw new ApiError('ValidationFailed', 'The path has a malformed %-escape or a character that is not allowed');
    }
    await next();
  });
  app.route('/', sandboxMessagesRoutes());
  app.route('/gateway', sandboxGatewayRoutes());
  app.route('/payout-cards', sandboxPayoutCardRoutes());
  app.route('/captcha', sandboxCaptchaRoutes());
  app.route('/analytics', sandboxAnalyticsRoutes());
  app.route('/error-reports', sandboxErrorReportRoutes());
  app.route('/bank', sandboxBankRoutes());
  app.route('/compliance', sandboxReviewRoutes());
  app.route('/bank-id', sandboxBankIdRoutes());
  app.route('/disputes', sandboxDisputeRoutes());
  app.route('/bank-link', sandboxBankLinkRoutes());
  app.route('/fx-rates', sandboxFxRoutes());
  app.route('/identity', sandboxCaptureRoutes());
  app.route('/chat', sandboxChatRoutes());
  return app;
}
