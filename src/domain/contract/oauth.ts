import { bankIdCalls } from './oauth/bank-id.ts';
import { guestCalls } from './oauth/guest.ts';
import { handoffCalls } from './oauth/handoff.ts';
import { registrationCalls } from './oauth/registration.ts';

/**
 * The OAuth-style API (SPEC §7), mounted at `/api/oauth`: registration with
 * an e-mail address or a mobile number and a password, confirmed by a
 * six-digit code sent there.
 *
 * Flow: `email/send` (or `otp/send`) → code e-mailed (or texted),
 * registration token returned; `email/reset` (`otp/reset`) asks for a new
 * code; `email/check` (`otp/check`) with the right code verifies the
 * registration; `commit` creates the customer and hands them over as a
 * signed token, which `jwt2auth` exchanges, once, for a session of the main
 * API. Each answer links to the calls that may follow. `reset`, `check` and
 * `commit` take the registration token as
 * `Authorization: Bearer <registration_token>`; an unknown or expired token
 * (1 hour) → 401 Unauthorized: start again. A live bearer token of another
 * of these calls (the other destination's registration, a bank-ID or guest
 * session) → 403 AccessDenied (SPEC §8), and the client forgets it. The
 * phone calls are the e-mail calls with their own error types (below; an
 * e-mailed code asked for again within the minute is 429 EmailSendExist, a
 * texted one's OTPAlreadySent) and one difference: `otp/send` answers a
 * number that already has an account exactly as any other, and the SMS tells
 * its owner to sign in instead.
 *
 * The captcha gate: `email/send`, `otp/send` and a registration's
 * `bankid/init` let a few registrations an hour from one client address
 * through as they are (the README's `captcha-free-registrations-per-address`);
 * beyond those, 403 CaptchaRequired on `captcha` until the call carries
 * `Authorization: Bearer <guest_token>` of a guest session that passed a
 * captcha: `guest` starts one, `gcaptcha/v3` scores an invisible check, and
 * when the score is too low `gcaptcha/v2` takes the "I'm not a robot" one.
 * A passed guest session lets GUEST_REGISTRATIONS registrations through. The
 * gate comes before anything else is looked at, so it tells no one whether
 * an e-mail or number has an account.
 */

export * from './oauth/bank-id.ts';
export * from './oauth/guest.ts';
export * from './oauth/handoff.ts';
export * from './oauth/links.ts';
export * from './oauth/registration.ts';

/** The OAuth-style API: registration by e-mail or SMS code (Bearer: the registration token). */
export const oauthApi = {
  ...registrationCalls,
  ...handoffCalls,
  ...bankIdCalls,
  ...guestCalls,
} as const;
