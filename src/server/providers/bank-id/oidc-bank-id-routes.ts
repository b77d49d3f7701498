import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { OIDC_BANK_ID_CALLBACK_PATH } from '../provider-settings.ts';

/**
 * The OpenID Connect broker's redirect back to us (`BANK_ID_OIDC_REDIRECT_URI`): the provider ends the order
 * and the browser goes on to /nets-success or /nets-fail. Not found when bank ID is not on a broker.
 */
export function oidcBankIdRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(OIDC_BANK_ID_CALLBACK_PATH, async (c) => {
    const { bankId } = c.var.deps.providers;
    if (!bankId.finish) return c.notFound();
    const next = await bankId.finish(new URL(c.req.url).searchParams);
    return c.redirect(next, 303);
  });
  return app;
}
