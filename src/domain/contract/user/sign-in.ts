import { endpoint } from '../endpoint.ts';
import { Email, SourceCountryCode } from '../fields.ts';
import { type Infer, literal, object, optional, refine, size, string } from '../structs.ts';
import { User } from './profile.ts';

/** Signing in with an e-mail or a mobile number and a password, and signing out. */

/** `data` of every call that signs a customer in. */
export const SignedIn = object({
  /** the session token: send it as `x-auth-token` on main API calls */
  token: string(),
  user: User,
});
export type SignedIn = Infer<typeof SignedIn>;

/**
 * `POST /user/login` body → `data: SignedIn`. Unknown e-mail and wrong
 * password both answer 404 CustomerNotFound; blocked → 403 DisabledCustomer.
 * After 3 failures for one e-mail from one client address (15 minutes), that
 * address needs `captcha_token` for that e-mail: 403 CaptchaRequired without
 * it, 403 CaptchaInvalid when it does not pass; failures from then on are
 * answered after a growing pause. Too many failures from one address, or
 * for one e-mail from one address → 429 AttemptLimit with Retry-After (the
 * README's "Abuse limits" table). No failure counts against the e-mail from
 * another address.
 */
export const LoginRequest = object({
  email: Email,
  password: refine(string(), 'required', (value) => value.length > 0 || 'The password field is required', {
    minLength: 1,
  }),
  /** the token the captcha widget gave for a solved challenge, once the server asked for one */
  captcha_token: optional(size(string(), 1, 4096)),
});
export type LoginRequest = Infer<typeof LoginRequest>;

/**
 * `POST /user/login-with-phone` body → `data: SignedIn`: `user/login` with
 * a mobile number in place of the e-mail, answering alike, with the same
 * limits, captcha and pauses (keyed by the number in E.164). `mobile` is
 * typed with its country code, or without it when `country` (the chosen
 * country of residence) says whose number it is; a number that cannot be a
 * mobile number → 400 InvalidPhone on `mobile`. The number is checked by
 * the service: its rules (`domain/phone.ts`) are too large a module for this
 * contract, which every screen loads.
 */
export const PhoneLoginRequest = object({
  mobile: size(string(), 0, 64),
  country: optional(SourceCountryCode),
  password: LoginRequest.schema.password,
  captcha_token: LoginRequest.schema.captcha_token,
});
export type PhoneLoginRequest = Infer<typeof PhoneLoginRequest>;

/** `POST /user/logout` (session) → `data` */
export const LoggedOut = object({ logged_out: literal(true) });
export type LoggedOut = Infer<typeof LoggedOut>;

/** Sign-in and sign-out. */
export const signInCalls = {
  login: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/login',
    auth: 'none',
    body: LoginRequest,
    response: SignedIn,
  }),
  loginWithPhone: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/login-with-phone',
    auth: 'none',
    body: PhoneLoginRequest,
    response: SignedIn,
  }),
  logout: endpoint({ method: 'POST', base: 'main', path: '/user/logout', auth: 'session', response: LoggedOut }),
} as const;
