import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { SANDBOX_CAPTCHA_TOKEN } from './sandbox-captcha.ts';

/**
 * The sandbox captcha's own widget endpoint: ticking "I'm not a robot"
 * asks here and gets the passing token, as a real provider's widget would
 * after its challenge. Mounted only in sandbox mode.
 */
export function sandboxCaptchaRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/solve', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { token: SANDBOX_CAPTCHA_TOKEN } });
  });
  return app;
}
