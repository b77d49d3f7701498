import type { CaptchaProvider } from './captcha-provider.ts';

/**
 * The token the sandbox captcha hands out for a solved challenge, and the
 * only one it accepts. Unlike a real provider's, it never expires and may
 * be used again.
 */
export const SANDBOX_CAPTCHA_TOKEN = 'sandbox-captcha-pass';

/** The sandbox adapter: passes exactly SANDBOX_CAPTCHA_TOKEN, from any address. */
export function sandboxCaptcha(): CaptchaProvider {
  return {
    async verify(token) {
      return token === SANDBOX_CAPTCHA_TOKEN;
    },
  };
}
