import type { CaptchaProvider } from './captcha-provider.ts';

/**
 * The token the sandbox captcha hands out for a solved challenge, and the
 * only one it accepts. Unlike a real provider's, it never expires and may
 * be used again.
 */
export const SANDBOX_CAPTCHA_TOKEN = 'sandbox-captcha-pass';

/**
 * The sandbox's invisible-check tokens and their scores: one a person's
 * browser gets, one a bot's. Like SANDBOX_CAPTCHA_TOKEN, reusable forever.
 */
export const SANDBOX_V3_TOKENS = { human: 'sandbox-v3-human', bot: 'sandbox-v3-bot' } as const;
const SCORES: Record<string, number> = { [SANDBOX_V3_TOKENS.human]: 0.9, [SANDBOX_V3_TOKENS.bot]: 0.1 };

/** The sandbox captcha's widget endpoints (sandbox-captcha-routes.ts), as `client-providers` tells the browser. */
export const SANDBOX_CAPTCHA_URL = '/sandbox/captcha';

/** The sandbox adapter: passes exactly SANDBOX_CAPTCHA_TOKEN and scores the SANDBOX_V3_TOKENS, from any address. */
export function sandboxCaptcha(): CaptchaProvider {
  return {
    async verify(token) {
      return token === SANDBOX_CAPTCHA_TOKEN;
    },
    async score(token) {
      return Object.hasOwn(SCORES, token) ? (SCORES[token] ?? null) : null;
    },
  };
}
