import { Hono } from 'hono';
import { API_BASE_PATHS, endpointPattern } from '../domain/contract/endpoint.ts';
import { accessLog } from './http/access-log.ts';
import { setAnswerHeader } from './http/answer-headers.ts';
import { ApiError } from './http/api-error.ts';
import type { AppDeps, AppEnv } from './http/app-env.ts';
import { bodySizeLimit } from './http/body-limit.ts';
import { compressAnswers } from './http/compress-answers.ts';
import { onError, onNotFound } from './http/error-handler.ts';
import { healthRoutes } from './http/health-routes.ts';
import { mountAreas } from './http/mount-endpoints.ts';
import { requestId } from './http/request-id.ts';
import { requestMetrics } from './http/request-metrics.ts';
import { requestTracing } from './http/request-tracing.ts';
import { securityHeaders } from './http/security-headers.ts';
import { staticApp } from './http/static-app.ts';
import { AREAS } from './modules/areas.ts';
import { PAYIN_PURPOSES } from './modules/payin-purposes.ts';
import { payoutWebhookRoutes } from './modules/transfers/adyen-payout-webhooks.ts';
import { providerCallbackRoutes } from './modules/verification/capture-callback-routes.ts';
import { openApiRoutes } from './openapi/openapi-routes.ts';
import { paymentWebhookRoutes } from './payins/payin-webhook-routes.ts';
import { oidcBankIdRoutes } from './providers/bank-id/oidc-bank-id-routes.ts';
import { sandboxApp } from './providers/sandbox-app.ts';
import { Readiness } from './readiness.ts';

/** Where providers post their signed callbacks to us. */
export const PROVIDER_CALLBACK_BASE = '/api/hooks';

/** Where the sandbox providers' own pages and endpoints live, beside the API namespaces. */
export const SANDBOX_BASE = '/sandbox';

const JSON_BODY_LIMIT = 1024 * 1024; // 1 MiB; uploads have their own limits
const COMPRESS_ABOVE_BYTES = 1024;

/**
 * The whole HTTP surface. Pure: no I/O happens here, everything outside
 * comes in through `deps`, so tests call it with `app.request()`.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  // first: the time counted covers every other middleware
  app.use('/api/*', requestMetrics());
  app.use('/api/*', requestTracing());
  app.use('*', requestId());
  app.use('*', securityHeaders());
  // JSON answers and the shell page above 1 KiB; static files arrive precompressed (static-app.ts)
  app.use('*', compressAnswers(COMPRESS_ABOVE_BYTES));
  app.use('/api/*', accessLog());
  app.use('/sandbox/*', accessLog());
  // before the body limit, so its 413 is not stored either; only the API description says otherwise (openapi-routes.ts)
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) setAnswerHeader(c, 'Cache-Control', 'no-store');
  });
  const jsonLimit = bodySizeLimit(JSON_BODY_LIMIT, () => {
    throw new ApiError('PayloadTooLarge', 'The request body is too large');
  });
  // an upload call applies its own, larger limit while it reads (multipart-body.ts)
  const uploads = Object.values(AREAS).flatMap(({ table }) =>
    Object.values(table)
      .filter((entry) => entry.multipart)
      .map(endpointPattern),
  );
  app.use('/api/*', (c, next) => (uploads.some((path) => path.test(c.req.path)) ? next() : jsonLimit(c, next)));

  app.route('/', healthRoutes(deps.readiness ?? new Readiness(deps.db, deps.sessions)));
  for (const [base, api] of mountAreas(AREAS)) app.route(API_BASE_PATHS[base], api);
  if (deps.config.apiDocs) app.route('/api', openApiRoutes());
  app.route(PROVIDER_CALLBACK_BASE, providerCallbackRoutes());
  app.route(PROVIDER_CALLBACK_BASE, paymentWebhookRoutes(PAYIN_PURPOSES));
  app.route(PROVIDER_CALLBACK_BASE, payoutWebhookRoutes());
  app.route('/', oidcBankIdRoutes());
  if (deps.config.sandbox) app.route(SANDBOX_BASE, sandboxApp());

  app.all('/api/*', (c) => onNotFound(c));
  if (deps.config.staticDir) app.route('/', staticApp(deps.config.staticDir));

  app.notFound(onNotFound);
  app.onError(onError);
  return app;
}
