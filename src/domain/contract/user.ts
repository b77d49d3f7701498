import {
  array,
  boolean,
  enums,
  type Infer,
  literal,
  nullable,
  object,
  optional,
  refine,
  type Struct,
  size,
  string,
} from 'superstruct';
import { LOCALES } from '../locales.ts';
import { ONBOARDING_STEPS } from '../onboarding-steps.ts';
import { Address } from './address.ts';
import { endpoint } from './endpoint.ts';
import {
  AgentCode,
  DecimalString,
  Email,
  NewPassword,
  OtpCode,
  PersonName,
  SourceCountryCode,
  WorldCountryCode,
} from './fields.ts';
import { UsaStateView } from './locator.ts';
import { CodeTimes } from './one-time-codes.ts';

/**
 * The main API's user and session calls (SPEC §7 "User and session"), under
 * the base the service locator hands out ("/api/main"). Calls marked
 * "session" need the `x-auth-token` header; a 401 means the session ended.
 */

export const CUSTOMER_STATUSES = ['active', 'blocked', 'disabled'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/** SPEC §3's results of the two-plus-two and watchlist checks. */
export const CHECK_RESULTS = ['NotVerified', 'Verified', 'Failed'] as const;

/** The signed-in customer as every screen sees them. */
export const User = object({
  /** opaque customer id; `id` carries the same value */
  guid: string(),
  id: string(),
  firstName: nullable(string()),
  lastName: nullable(string()),
  /** "First Last", or null until the name step of onboarding */
  name: nullable(string()),
  /** null for a customer who registered by phone */
  email: nullable(string()),
  /** the mobile number, masked except its last four characters (SPEC §9); null without one */
  mobile: nullable(string()),
  /** ISO 3166-1 alpha-2 country of residence */
  country: string(),
  sourceCountry: object({
    iso2: string(),
    currency: string(),
    bankIdLogin: boolean(),
  }),
  /** a bank ID has confirmed the customer's personal number: they sign in with bank ID (SPEC §3) */
  personalIdentityNumberVerified: boolean(),
  /** for US residents: their state */
  usaState: nullable(object({ code: string(), name: string() })),
  /** the customer's interface language (one of LOCALES): chosen at registration, changed with `user/locale`; e-mails, texts and pushes use it */
  locale: string(),
  status: enums(CUSTOMER_STATUSES),
  /** SPEC §4 verification status; "NotRegistered" until onboarding is complete */
  verification: object({
    status: string(),
    /** what the automatic database checks found: NotVerified until they have run */
    twoPlusTwoResult: optional(enums(CHECK_RESULTS)),
    watchlistResult: optional(enums(CHECK_RESULTS)),
  }),
  isRemittanceEnabled: boolean(),
  /** onboarding is done: every step answered, or verification has already decided */
  isFullyRegistered: boolean(),
  /** the onboarding step the customer left (also its screen's path); null once fully registered */
  redirect_to_full: nullable(enums(ONBOARDING_STEPS)),
  /** the code of the purpose of account chosen in onboarding (`GET /remit/options/get-purpose-of-account`) */
  purposeOfAccount: nullable(string()),
  address: nullable(Address),
});
export type User = Infer<typeof User>;

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
  password: refine(string(), 'required', (value) => value.length > 0 || 'The password field is required'),
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

/**
 * `POST /user/get` (session) body, optional. A `customer_id` other than the
 * session's own answers 404 NotFound.
 */
export const UserGetRequest = object({ customer_id: optional(string()) });
export type UserGetRequest = Infer<typeof UserGetRequest>;

/** The yearly sending limit, in the customer's currency. */
export const UserLimit = object({
  currency: string(),
  limit: DecimalString,
  used: DecimalString,
  /** true once 90 % or more of the limit is used */
  limitRemainingWarning: boolean(),
});
export type UserLimit = Infer<typeof UserLimit>;

/** The remitter as SPEC §3 names it: who sends, and where they live. Null until the name step. */
export const Remitter = object({
  /** ISO alpha-2 country of residence */
  country_code: string(),
  /** its English name */
  country: string(),
  street: nullable(string()),
  postcode: nullable(string()),
  name: string(),
  surname: string(),
  /** null for a customer who registered with a mobile number */
  email: nullable(string()),
});
export type Remitter = Infer<typeof Remitter>;

export const REQUESTED_DOCUMENTS = ['identity', 'address', 'source_of_funds'] as const;

/** SPEC §3 `document_request`: what to upload now; `capture` is the identity flow, `upload` the wizard. */
export const DocumentRequest = object({
  type: enums(REQUESTED_DOCUMENTS),
  screen_type: enums(['capture', 'upload'] as const),
});
export type DocumentRequest = Infer<typeof DocumentRequest>;

/** SPEC §3 `next_document_request`: what the ladder asks for next; `optional` until a transfer needs it. */
export const NextDocumentRequest = object({
  document: enums(REQUESTED_DOCUMENTS),
  type: enums(['optional', 'standard'] as const),
});
export type NextDocumentRequest = Infer<typeof NextDocumentRequest>;

/** One item of "What we need from you". */
export const VerificationTask = object({
  item: enums(['identity_checks', ...REQUESTED_DOCUMENTS] as const),
  state: enums(['to_do', 'checking', 'done', 'rejected'] as const),
  /** why a document was refused, for the customer */
  reason: nullable(string()),
});
export type VerificationTask = Infer<typeof VerificationTask>;

/** `POST /user/get` (session) → `data`. Blocked or disabled → 403 DisabledCustomer. */
export const UserData = object({
  user: User,
  remitter: nullable(Remitter),
  user_limit: UserLimit,
  document_request: optional(nullable(DocumentRequest)),
  next_document_request: optional(nullable(NextDocumentRequest)),
  verification_tasks: optional(array(VerificationTask)),
  meta: object({
    customer: object({
      /** the identity provider's reference once verification has started */
      kyc_user_reference: nullable(string()),
    }),
  }),
});
export type UserData = Infer<typeof UserData>;

/**
 * `GET /user/detect-country` → `data`: from the edge's country header, else
 * the Accept-Language region, else "GB". No session needed.
 */
export const DetectedCountry = object({
  country_code: string(),
  /** ISO 3166-2 subdivision part (e.g. "CA" for California) when the edge sends one */
  region_code: nullable(string()),
});
export type DetectedCountry = Infer<typeof DetectedCountry>;

/**
 * `POST /user/launch-interest` (no session) → 202 `data: LaunchInterestSaved`:
 * someone in a country Sarraf does not serve yet (/area-not-available) asks
 * to hear when it launches there. A confirmation is e-mailed; asking again
 * for the same e-mail and country updates the request. Errors: 400
 * ValidationFailed naming the field; 400 InvalidCountry on "country" for a
 * country Sarraf serves already (register instead); 429 EmailSendDDOS (too
 * many for this e-mail, property_path "email") or EmailDDOS (the caller's
 * address), with Retry-After.
 */
export const LaunchInterestRequest = object({
  country: WorldCountryCode,
  full_name: optional(PersonName),
  email: Email,
  /** language of the confirmation and of the launch news; en-GB when absent */
  locale: optional(enums(LOCALES)),
});
export type LaunchInterestRequest = Infer<typeof LaunchInterestRequest>;

export const LaunchInterestSaved = object({ country: string(), email: string() });
export type LaunchInterestSaved = Infer<typeof LaunchInterestSaved>;

/** `GET /user/usa-states` → `data`. No session needed. */
export const UsaStateList = array(UsaStateView);
export type UsaStateList = Infer<typeof UsaStateList>;

/**
 * Where a recovery code goes: the account's `email`, or its `mobile` (typed
 * with its country code, or without it when `country` says whose number it
 * is; checked by the service as `user/login-with-phone` does: 400
 * InvalidPhone on `mobile`). Exactly one of the two.
 */
const recoveryDestination = {
  email: optional(Email),
  mobile: optional(PhoneLoginRequest.schema.mobile),
  country: optional(SourceCountryCode),
};

/** `body` with exactly one of `email` and `mobile`; the error names the field to fill or to leave out. */
function oneDestination<T extends { email?: string; mobile?: string }, S>(body: Struct<T, S>): Struct<T, S> {
  return refine(body, 'destination', ({ email, mobile }) => {
    if (email === undefined && mobile === undefined)
      return { message: 'Enter the e-mail or the mobile number of your account', path: ['email'] };
    if (email !== undefined && mobile !== undefined)
      return { message: 'Enter the e-mail or the mobile number, not both', path: ['mobile'] };
    return true;
  });
}

/**
 * `POST /user/reset-password` (no session) → 202 `data: CodeTimes`: when
 * someone has this e-mail (or mobile number), a six-digit code for
 * `user/change-password-token` is e-mailed (or texted) to it (10 minutes,
 * single use); an earlier code stops working. The answer, its status and
 * its work are the same whether or not anyone has the e-mail or number, so
 * the call reveals no accounts. Errors: 400 ValidationFailed; 400
 * InvalidPhone on "mobile"; 429 OTPAlreadySent (within 60 s of the last code
 * for this destination); 429 EmailSendDDOS on "email" (too many codes for
 * this e-mail, or for it from the caller's address) or SendLimit on
 * "mobile" (the same for a number); 429 EmailDDOS / SMSDDOS (too many from
 * the caller's address). Every 429 carries Retry-After.
 */
export const PasswordResetRequest = oneDestination(object(recoveryDestination));
export type PasswordResetRequest = Infer<typeof PasswordResetRequest>;

/** `data` of the calls that change a password. */
export const PasswordChanged = object({ password_changed: literal(true) });
export type PasswordChanged = Infer<typeof PasswordChanged>;

/**
 * `POST /user/change-password-token` (no session) → `data: PasswordChanged`:
 * the password is replaced, every session of the customer ends, and a
 * "your password was changed" e-mail goes out. It does not sign in: the
 * customer signs in with the new password, which proves it was kept (and
 * lets a password manager save it), and a code alone never opens a session.
 * Errors: 400 ValidationFailed (`password` breaks the SPEC §5 rule);
 * 422 CodeMismatch on "code" (wrong: the message tells the tries left, see
 * `triesLeftIn`; or expired, or none asked for: ask for a new code);
 * 429 AttemptLimit on "code" on the 5th wrong code and after (the code is
 * burnt: ask for a new one); 429 EmailCheckLimit on "code" (too many checks
 * for this e-mail from the caller's address); 429 EmailCheckDDOS (too many
 * from the caller's address). A code texted to a mobile number is given with
 * that `mobile` (and `country`) in place of `email`; its limits answer
 * SMSNotSentCheck and SMSDDOS for EmailCheckLimit and EmailCheckDDOS.
 */
export const PasswordResetWithCode = oneDestination(
  object({
    ...recoveryDestination,
    code: OtpCode,
    password: NewPassword,
  }),
);
export type PasswordResetWithCode = Infer<typeof PasswordResetWithCode>;

/**
 * `POST /user/change-password` (session) → `data: PasswordChanged`: the
 * password is replaced, every other session of the customer ends (this one
 * stays), and a "your password was changed" e-mail goes out. Errors: 400
 * ValidationFailed (`new_password` breaks the SPEC §5 rule, or is the old
 * one: `is_not`); 422 InvalidPassword on "old_password"; 429 AttemptLimit
 * (too many wrong old passwords in this session or from the caller's address).
 */
export const PasswordChangeRequest = object({
  old_password: refine(string(), 'required', (value) => value.length > 0 || 'The old_password field is required'),
  new_password: NewPassword,
});
export type PasswordChangeRequest = Infer<typeof PasswordChangeRequest>;

/**
 * `GET /user/agents/:code` (no session) → `data: AgentView`: the agent of a
 * sign-up link (/sign-up?params=<code>), so the screen can name them before
 * registering. Unknown or inactive → 404 NotFound.
 */
export const AgentView = object({ code: string(), name: string() });
export type AgentView = Infer<typeof AgentView>;

/**
 * `POST /user/locale` (session) body → `data: LocaleSaved`: the signed-in
 * customer's interface language, kept on their profile so that a sign-in on
 * another device starts in it and every e-mail, text and push they are sent
 * from then on speaks it. Saving the language already kept answers alike.
 * Errors: 400 ValidationFailed on "locale" (not one of LOCALES).
 */
export const LocaleUpdate = object({ locale: enums(LOCALES) });
export type LocaleUpdate = Infer<typeof LocaleUpdate>;

export const LocaleSaved = object({ locale: enums(LOCALES) });
export type LocaleSaved = Infer<typeof LocaleSaved>;

/** The user area of the main API (SPEC §7 "User and session"). */
export const userApi = {
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
  getUserData: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/get',
    auth: 'session',
    body: UserGetRequest,
    response: UserData,
    // a read SPEC names as a POST: home's greeting and yearly limit offline
    offline: 'last-known',
  }),
  saveLocale: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/locale',
    auth: 'session',
    body: LocaleUpdate,
    response: LocaleSaved,
  }),
  detectCountry: endpoint({
    method: 'GET',
    base: 'main',
    path: '/user/detect-country',
    auth: 'none',
    response: DetectedCountry,
  }),
  registerLaunchInterest: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/launch-interest',
    auth: 'none',
    body: LaunchInterestRequest,
    response: LaunchInterestSaved,
    status: 202,
  }),
  resetPassword: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/reset-password',
    auth: 'none',
    body: PasswordResetRequest,
    response: CodeTimes,
    status: 202,
  }),
  changePasswordWithCode: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/change-password-token',
    auth: 'none',
    body: PasswordResetWithCode,
    response: PasswordChanged,
  }),
  changePassword: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/change-password',
    auth: 'session',
    body: PasswordChangeRequest,
    response: PasswordChanged,
  }),
  getAgent: endpoint({
    method: 'GET',
    base: 'main',
    path: '/user/agents/:code',
    auth: 'none',
    params: object({ code: AgentCode }),
    response: AgentView,
  }),
  listUsaStates: endpoint({
    method: 'GET',
    base: 'main',
    path: '/user/usa-states',
    auth: 'none',
    response: UsaStateList,
    offline: 'last-known',
  }),
} as const;
