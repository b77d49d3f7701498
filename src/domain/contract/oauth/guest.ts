import { endpoint } from '../endpoint.ts';
import { SourceCountryCode } from '../fields.ts';
import { boolean, type Infer, literal, number, object, size, string } from '../structs.ts';
import { OAuthLinks } from './links.ts';

/** The guest sessions a caller stopped by the captcha gate of registration passes a captcha with. */

/** how long a guest session lives */
export const GUEST_LIFETIME_MINUTES = 30;
/** registrations past the captcha-free ones that a guest session which passed a captcha lets through */
export const GUEST_REGISTRATIONS = 3;
/** the lowest invisible-captcha score (0 a bot, 1 a person) that passes */
export const CAPTCHA_PASS_SCORE = 0.5;

/**
 * `POST /guest` body → 201 `data: GuestStarted`: a guest session, for a
 * caller the captcha gate stopped (403 CaptchaRequired) to prove itself
 * with. `country` is the country of residence to register in. Errors: 400
 * ValidationFailed on `country`; 429 RateLimited (too many guest sessions
 * from the caller's address).
 */
export const GuestRequest = object({ country: SourceCountryCode });
export type GuestRequest = Infer<typeof GuestRequest>;

export const GuestStarted = object({
  /** bearer for `gcaptcha/v3`, `gcaptcha/v2` and, once one passed, the registration calls; keep it only in memory */
  guest_token: string(),
  /** ISO 8601: GUEST_LIFETIME_MINUTES after its start */
  expires_at: string(),
  /** `gcaptcha/v3`, `gcaptcha/v2` and the ways to register in the country: `email/send`, `otp/send`, and `bankid/init` where its bank ID registers */
  _links: OAuthLinks,
});
export type GuestStarted = Infer<typeof GuestStarted>;

/** The token the captcha provider's widget gave the browser. */
export const CaptchaRequest = object({ token: size(string(), 1, 4096) });
export type CaptchaRequest = Infer<typeof CaptchaRequest>;

/**
 * `POST /gcaptcha/v3` (Bearer: the guest token) → 200 `data: CaptchaScored`:
 * the provider scores the invisible check; from CAPTCHA_PASS_SCORE the guest
 * session has passed (`_links`: the ways to register); below it, `_links`
 * is `gcaptcha/v2` alone: the customer must tick "I'm not a robot". A low
 * score never undoes an earlier pass. Errors: 401 Unauthorized (unknown
 * guest session: start another); 401 AppCheckExpiredToken (the guest
 * session's time has run out: start another); 403 AccessDenied (the token of
 * a registration or bank-ID session); 403 CaptchaInvalid on `token` (not
 * a token of the provider's); 429 RateLimited (too many captcha checks from
 * the caller's address).
 */
export const CaptchaScored = object({
  passed: boolean(),
  /** 0.0 (a bot) to 1.0 (a person), as the provider scored it */
  score: number(),
  _links: OAuthLinks,
});
export type CaptchaScored = Infer<typeof CaptchaScored>;

/**
 * `POST /gcaptcha/v2` (Bearer: the guest token) → 200 `data: CaptchaPassed`:
 * the "I'm not a robot" check passed, and so has the guest session
 * (`_links`: the ways to register). Errors as `gcaptcha/v3`'s; 403
 * CaptchaInvalid on `token` when the check did not pass.
 */
export const CaptchaPassed = object({ passed: literal(true), _links: OAuthLinks });
export type CaptchaPassed = Infer<typeof CaptchaPassed>;

/** The guest session and its captcha checks. */
export const guestCalls = {
  startGuest: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/guest',
    auth: 'none',
    body: GuestRequest,
    response: GuestStarted,
    status: 201,
  }),
  /** Bearer: the guest token (the OAuth bearer of `registration` calls) */
  scoreCaptcha: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/gcaptcha/v3',
    auth: 'registration',
    body: CaptchaRequest,
    response: CaptchaScored,
  }),
  /** Bearer: the guest token */
  checkCaptcha: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/gcaptcha/v2',
    auth: 'registration',
    body: CaptchaRequest,
    response: CaptchaPassed,
  }),
} as const;
