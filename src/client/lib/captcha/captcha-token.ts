import { FetchError, ofetch } from 'ofetch';
import { is, string, type } from 'superstruct';
import { CAPTCHA_SCORE_ACTION } from '../../../domain/captcha.ts';
import type { ClientCaptcha } from '../../../domain/contract/client-providers.ts';
import { ApiFailure } from '../api/api-failure.ts';
import { clientProviders } from '../client-providers.ts';
import { loadRecaptcha } from './recaptcha-script.ts';

const Solved = type({ data: type({ token: string() }) });

/** The captcha could not be had: an ApiFailure with status 0, the way a lost connection is reported. */
const unreachable = () =>
  new ApiFailure(0, crypto.randomUUID(), [
    { type: 'NetworkError', message: 'The captcha could not be reached', propertyPath: null },
  ]);

/** Which captcha this deployment uses (the server says). */
export async function captchaProvider(): Promise<ClientCaptcha> {
  try {
    return (await clientProviders()).captcha;
  } catch {
    throw unreachable();
  }
}

/** A token from the sandbox captcha's widget endpoint (never our API). */
async function sandboxToken(url: string, path: 'solve' | 'score'): Promise<string> {
  try {
    const answer: unknown = await ofetch(`${url}/${path}`, { method: 'POST', retry: 0 });
    if (is(answer, Solved)) return answer.data.token;
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
  }
  throw unreachable();
}

/** The sandbox's "I'm not a robot" token, once the customer has ticked its box (reCAPTCHA's own widget hands its token over itself). */
export async function solveSandboxCaptcha(url: string): Promise<string> {
  return sandboxToken(url, 'solve');
}

/** The invisible check's token, which our API has the provider score; the customer sees nothing. */
export async function scoreCaptcha(): Promise<string> {
  const captcha = await captchaProvider();
  if (captcha.kind === 'sandbox') return sandboxToken(captcha.url, 'score');
  try {
    const grecaptcha = await loadRecaptcha(captcha.score_site_key);
    return await grecaptcha.execute(captcha.score_site_key, { action: CAPTCHA_SCORE_ACTION });
  } catch {
    throw unreachable();
  }
}
