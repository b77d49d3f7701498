import { signUpCalls } from '../../domain/contract/user/sign-up.ts';
import { call } from './api/client.ts';
import { afterFirstPaint } from './first-paint.ts';

/** SPEC §9: the detected country is remembered in a cookie for 365 days. */
const COOKIE = 'detected-country';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const ISO2 = /^[A-Z]{2}$/;

function remembered(): string | null {
  const value = document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  return value && ISO2.test(value) ? value : null;
}

function remember(code: string): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari before 18.4
  document.cookie = `${COOKIE}=${code}; max-age=${MAX_AGE_SECONDS}; path=/; samesite=lax${secure}`;
}

let asking: Promise<string | null> | undefined;

async function ask(): Promise<string | null> {
  await afterFirstPaint();
  const answer = await call(signUpCalls.detectCountry).catch(() => null);
  const code = answer?.country_code.toUpperCase();
  if (!code || !ISO2.test(code)) return null;
  remember(code);
  return code;
}

/**
 * Where the visitor seems to live (ISO 3166-1 alpha-2), from the cookie or
 * else from `GET /user/detect-country`, which is then remembered; null when
 * the API cannot say. Callers at the same moment (a screen and the legal
 * footer) share one request; a caller that no longer wants the answer
 * ignores it, as the request is not its alone to cancel.
 */
export function detectedCountry(): Promise<string | null> {
  const known = remembered();
  if (known) return Promise.resolve(known);
  asking ??= ask().finally(() => {
    asking = undefined;
  });
  return asking;
}
