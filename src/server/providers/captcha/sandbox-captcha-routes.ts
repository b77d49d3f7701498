import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { SANDBOX_CAPTCHA_TOKEN, SANDBOX_V3_TOKENS } from './sandbox-captcha.ts';

/**
 * The sandbox captcha's own widget endpoints, mounted only in sandbox mode.
 * `solve`: ticking "I'm not a robot" asks here and gets the passing token,
 * as a real provider's widget would after its challenge. `score`: the
 * invisible check's token, a person's (`sandbox-v3-human`), or with
 * `?as=bot` a bot's (`sandbox-v3-bot`), for trying the low-score path.
 */
export function sandboxCaptchaRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/solve', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { token: SANDBOX_CAPTCHA_TOKEN } });
  });
  app.post('/score', (c) => {
    c.header('Cache-Control', 'no-store');
    const token = c.req.query('as') === 'bot' ? SANDBOX_V3_TOKENS.bot : SANDBOX_V3_TOKENS.human;
    return c.json({ data: { token } });
  });
  return app;
}
