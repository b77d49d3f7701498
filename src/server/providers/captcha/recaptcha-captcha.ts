import { isIP } from 'node:net';
import { CAPTCHA_SCORE_ACTION } from '../../../domain/captcha.ts';
import type { RecaptchaSettings } from '../provider-settings.ts';
import type { CaptchaProvider } from './captcha-provider.ts';

/**
 * Google reCAPTCHA through its `siteverify` API: the v2 checkbox's token for
 * `verify`, the v3 invisible check's for `score`. A token passes only when
 * Google says so for our secret, for one of our hostnames, and (v3) for the
 * action our client asked for; an outage or a refused secret throws, so it is
 * an error, never a pass.
 * https://developers.google.com/recaptcha/docs/verify
 */

/** siteverify's answer, as Google documents it. */
interface SiteVerifyAnswer {
  success: boolean;
  challenge_ts?: string;
  hostname?: string;
  /** v3 only */
  score?: number;
  action?: string;
  'error-codes'?: string[];
}

/** What only our configuration can cause: the provider cannot judge any token until it is fixed. */
const OUR_FAULT = new Set(['missing-input-secret', 'invalid-input-secret', 'bad-request']);

const TIMEOUT_MS = 5_000;

function parsed(body: unknown): SiteVerifyAnswer {
  const answer = body as Partial<SiteVerifyAnswer> | null;
  if (answer === null || typeof answer !== 'object' || typeof answer.success !== 'boolean') {
    throw new Error('reCAPTCHA siteverify answered without a success field');
  }
  return answer as SiteVerifyAnswer;
}

export function recaptchaCaptcha(settings: RecaptchaSettings, fetchFn: typeof fetch = fetch): CaptchaProvider {
  async function siteVerify(token: string, clientAddress: string): Promise<SiteVerifyAnswer> {
    const form = new URLSearchParams({ secret: settings.secretKey, response: token });
    // our address key is an IP for IPv4 and a /64 for IPv6; Google takes only an address, and it is optional
    if (isIP(clientAddress)) form.set('remoteip', clientAddress);
    const res = await fetchFn(settings.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`reCAPTCHA siteverify answered ${res.status}`);
    const answer = parsed(await res.json());
    const ours = (answer['error-codes'] ?? []).filter((code) => OUR_FAULT.has(code));
    if (ours.length > 0) throw new Error(`reCAPTCHA refused our request: ${ours.join(', ')}`);
    return answer;
  }

  const forUs = (answer: SiteVerifyAnswer) =>
    answer.success && answer.hostname !== undefined && settings.hostnames.includes(answer.hostname);

  return {
    async verify(token, clientAddress) {
      const answer = await siteVerify(token, clientAddress);
      // a v3 token carries a score: it is not a solved checkbox
      return forUs(answer) && answer.score === undefined;
    },
    async score(token, clientAddress) {
      const answer = await siteVerify(token, clientAddress);
      if (!forUs(answer) || answer.action !== CAPTCHA_SCORE_ACTION || typeof answer.score !== 'number') return null;
      return Math.min(1, Math.max(0, answer.score));
    },
  };
}
