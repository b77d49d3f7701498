import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { accessLog } from './http/access-log.ts';
import { ApiError } from './http/api-error.ts';
import type { AppDeps, AppEnv } from './http/app-env.ts';
import { onError, onNotFound } from './http/error-handler.ts';
import { requestId } from './http/request-id.ts';
import { securityHeaders } from './http/security-headers.ts';
import { staticApp } from './http/static-app.ts';
import { locatorRoutes } from './modules/locator/locator-routes.ts';
import { mainApi } from './modules/main-api.ts';
import { oauthRoutes } from './modules/oauth/oauth-routes.ts';
import { sandboxApp } from './providers/sandbox-app.ts';

/** Base paths of the separate API namespaces on our origin (DESIGN §1). */
export const API_BASES = {
  main: '/api/main',
  oauth: '/api/oauth',
  verification: '/api/verification',
  locator: '/api/locator',
  sandbox: '/sandbox',
} as const;

const JSON_BODY_LIMIT = 1024 * 1024; // 1 MiB; uploads have their own limits

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
  app.use('*', requestId());
  app.use('*', securityHeaders());
  app.use('/api/*', accessLog());
  app.use('/sandbox/*', accessLog());
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: () => {
        throw new ApiError('PayloadTooLarge', 'The request body is too large');
      },
    }),
  );
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.get('/healthz', (c) => c.json({ data: { status: 'ok' } }));
  app.route(API_BASES.main, mainApi());
  app.route(API_BASES.oauth, oauthRoutes());
  app.route(API_BASES.locator, locatorRoutes(API_BASES));
  if (deps.config.sandbox) app.route(API_BASES.sandbox, sandboxApp());

  app.all('/api/*', (c) => onNotFound(c));
  if (deps.config.staticDir) app.route('/', staticApp(deps.config.staticDir));

  app.notFound(onNotFound);
  app.onError(onError);
  return app;
}
