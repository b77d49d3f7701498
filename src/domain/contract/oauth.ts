import {
  boolean,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
} from 'superstruct';
import { LOCALES } from '../locales.ts';
import { mobileRule } from '../phone.ts';
import { endpoint } from './endpoint.ts';
import { AgentCode, BankIdNumber, Email, NewPassword, OtpCode, SourceCountryCode } from './fields.ts';
import { CodeTimes } from './one-time-codes.ts';
import { SignedIn } from './user.ts';

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
 * (1 hour), or one of the other destination's registration, → 401
 * Unauthorized: start again. The phone calls are the e-mail calls with
 * their own error types (below) and one difference: `otp/send` answers a
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

/** messages with a code per registration, the first included */
export const MAX_CODE_SENDS = 5;
export const REGISTRATION_LIFETIME_MINUTES = 60;

const accepted = (message: string) => refine(boolean(), 'accepted', (value) => value || message);

/** What every registration takes besides its destination. */
const registrationDetails = {
  password: NewPassword,
  /** ISO2 of the country of residence: one of the locator's countries */
  country: SourceCountryCode,
  accept_terms: accepted('Accept the terms and conditions to continue'),
  accept_privacy: accepted('Accept the privacy policy to continue'),
  /** language of the code message and of the new account; en-GB when absent */
  locale: optional(enums(LOCALES)),
  /** the agent whose sign-up link started this (`user/agents/:code`); unknown → 400 on `agent_code` */
  agent_code: optional(AgentCode),
};

/**
 * `POST /email/send` → 201 `data: CodeSent`. Errors: 400 ValidationFailed
 * (property_path names the field); 409 CustomerAlreadyExists (sign in
 * instead); 429 EmailSendDDOS (too many registrations or codes for this
 * e-mail, property_path "email"); 429 EmailDDOS (too many from the caller's
 * address); 403 CaptchaRequired on `captcha` (past the captcha-free
 * registrations from the caller's address, without the bearer of a guest
 * session that passed a captcha and has registrations left). Every 429
 * carries Retry-After; the numbers are the README's "Abuse limits" table.
 */
export const EmailSendRequest = object({ email: Email, ...registrationDetails });
export type EmailSendRequest = Infer<typeof EmailSendRequest>;

/**
 * `POST /otp/send` → 201 `data: CodeSent`. `mobile` is a mobile number of
 * the country of residence, with or without its country code; it is stored
 * in E.164. Errors: 400 InvalidPhone on `mobile` (too short, too long, not a
 * number, another country's code, not a mobile number); 400 ValidationFailed
 * for the other fields; 429 SendLimit on `mobile` (too many registrations or
 * codes for this number); 429 SMSDDOS (too many from the caller's address);
 * 403 CaptchaRequired on `captcha` as `email/send`'s. Never 409: a number
 * with an account is answered like any other.
 */
export const OtpSendRequest = refine(
  object({ mobile: size(string(), 0, 64), ...registrationDetails }),
  'phone',
  ({ mobile, country }) => {
    const result = mobileRule(mobile, country);
    return result === true || { message: result, path: ['mobile'] };
  },
);
export type OtpSendRequest = Infer<typeof OtpSendRequest>;

/**
 * The calls an OAuth answer allows next, keyed by their relation, the SPEC §7
 * name of the call (`email/check`, `otp/reset`, `bankid/check`…); `href` is
 * the call's path on our origin. The client decides its next screen from the
 * relations, never from a fixed order (features/auth/oauth-links.ts).
 */
export const OAUTH_RELATIONS = [
  'email/send',
  'otp/send',
  'bankid/init',
  'gcaptcha/v3',
  'gcaptcha/v2',
  'email/check',
  'email/reset',
  'otp/check',
  'otp/reset',
  'bankid/check',
  'bankid/reset',
  'bankid/ekyc',
  'otp/email',
  'commit',
  'jwt2auth',
  'flush',
] as const;
export type OAuthRelation = (typeof OAUTH_RELATIONS)[number];
export const OAuthLink = object({ href: string(), method: enums(['POST'] as const) });
export const OAuthLinks = object({
  /** start a registration by e-mail (with the guest's bearer, beyond the captcha-free ones) */
  'email/send': optional(OAuthLink),
  /** start a registration by phone (likewise) */
  'otp/send': optional(OAuthLink),
  /** start a registration by bank ID, in a country whose bank ID registers (likewise) */
  'bankid/init': optional(OAuthLink),
  /** score the invisible captcha for a guest session */
  'gcaptcha/v3': optional(OAuthLink),
  /** check the "I'm not a robot" captcha for a guest session */
  'gcaptcha/v2': optional(OAuthLink),
  'email/check': optional(OAuthLink),
  'email/reset': optional(OAuthLink),
  'otp/check': optional(OAuthLink),
  'otp/reset': optional(OAuthLink),
  'bankid/check': optional(OAuthLink),
  'bankid/reset': optional(OAuthLink),
  /** who the bank ID identified, for a registration to show and keep */
  'bankid/ekyc': optional(OAuthLink),
  /** give a phone registration the customer's e-mail address */
  'otp/email': optional(OAuthLink),
  /** create the customer of a verified registration */
  commit: optional(OAuthLink),
  /** exchange the token `commit` gave for a session of the main API */
  jwt2auth: optional(OAuthLink),
  /** end the registration: leaving it for good, or to start again with other details */
  flush: optional(OAuthLink),
} satisfies Record<OAuthRelation, unknown>);
export type OAuthLinks = Infer<typeof OAuthLinks>;

export const CodeSent = object({
  /** bearer for `reset` and `check` of the same destination; keep it only in memory */
  registration_token: string(),
  resend_available_at: string(),
  code_expires_at: string(),
  /** `email/check` and `email/reset`, or `otp/check` and `otp/reset` */
  _links: OAuthLinks,
});
export type CodeSent = Infer<typeof CodeSent>;

/*
 * `POST /email/reset` (Bearer), no body → 200 `data: CodeResent` (below); the earlier
 * code stops working. Errors: 429 OTPAlreadySent (within 60 s of the last
 * code; the message says when to retry); 429 EmailSendLimit (5 codes sent);
 * 429 EmailSendDDOS / EmailDDOS (the e-mail's or the address's send limit).
 */

/**
 * `POST /email/check` (Bearer) → 200 `data: CodeVerified`: the code was
 * right, the e-mail is proved, and the registration may be committed (asked
 * again, a verified registration answers the same). Errors: 422
 * CodeMismatch with property_path "code" (wrong, or expired after 10
 * minutes); 429 EmailCheckLimit (too many checks for this registration:
 * start again); 429 EmailCheckDDOS (too many checks from the caller's
 * address); 429 AttemptLimit on the 5th wrong code and after (ask for a new
 * code).
 */
export const CodeCheckRequest = object({ code: OtpCode });
export type CodeCheckRequest = Infer<typeof CodeCheckRequest>;

export const CodeVerified = object({
  /** ISO 8601: when the right code came back */
  verified_at: string(),
  /** `commit` and `flush` (and, for a phone registration, `otp/email`) */
  _links: OAuthLinks,
});
export type CodeVerified = Infer<typeof CodeVerified>;

/**
 * `POST /otp/email` (Bearer, a phone registration) body → 200 `data:
 * EmailAdded`: the e-mail address the new account will have for receipts
 * and recovery, kept unverified until the customer confirms it from the
 * profile. An address another account has is taken like any other, so the
 * call tells no one whether it has an account; that account keeps it, and
 * the new one starts without an e-mail. Errors: 400 InvalidEmail on
 * `email`; 401 Unauthorized (unknown or ended registration, or an e-mail
 * registration).
 */
export const OtpEmailRequest = object({ email: Email });
export type OtpEmailRequest = Infer<typeof OtpEmailRequest>;
export const EmailAdded = object({ email: string(), _links: OAuthLinks });
export type EmailAdded = Infer<typeof EmailAdded>;

/** seconds a hand-over token from `commit` is good for */
export const HANDOFF_LIFETIME_SECONDS = 120;

/**
 * `POST /commit` (Bearer) → 201 `data: RegistrationCommitted`: the customer
 * exists now, with the verified e-mail or number, the password and the
 * consents of the registration, which ends. `jwt` (an HS256 JWT naming the
 * customer, HANDOFF_LIFETIME_SECONDS long) is handed to `jwt2auth`. Errors:
 * 401 Unauthorized (unknown or ended registration); 400 CodeNotDefined (the
 * code has not been checked yet); 409 CustomerAlreadyExists (another
 * registration of the same e-mail or number finished first).
 */
export const RegistrationCommitted = object({
  jwt: string(),
  /** ISO 8601 */
  expires_at: string(),
  /** `jwt2auth` */
  _links: OAuthLinks,
});
export type RegistrationCommitted = Infer<typeof RegistrationCommitted>;

/**
 * `POST /jwt2auth` body → 200 `data: SignedIn` (contract/user.ts): a session
 * of the main API for the customer the token names; each token is taken
 * once. Errors: 401 Unauthorized (a token that is not ours, altered, expired
 * or already taken: sign in with the e-mail or number and password).
 */
export const JwtToAuthRequest = object({ jwt: size(string(), 1, 4096) });
export type JwtToAuthRequest = Infer<typeof JwtToAuthRequest>;

/*
 * `POST /otp/reset` and `POST /otp/check` (Bearer): as `email/reset` and
 * `email/check`, answering SMSNotSentReset (5 codes sent) for EmailSendLimit,
 * SendLimit / SMSDDOS for the number's and the address's send limits,
 * SMSNotSentCheck (too many checks for this registration) for
 * EmailCheckLimit and SMSDDOS for EmailCheckDDOS.
 */

/** new bank-ID orders a bank-ID session may start after its first (`bankid/reset`) */
export const MAX_BANK_ID_RESTARTS = 3;
export const BANK_ID_SESSION_LIFETIME_MINUTES = 15;

/**
 * `POST /bankid/init` → 201 `data: BankIdStarted`: registration or sign-in
 * with a bank ID, for a country whose bank ID Sarraf takes (Sweden, Norway;
 * the locator's `bank_id_registration` / `bank_id_login`). Send the browser
 * to `redirect_url`, the provider's page; it comes back to `/nets-success`
 * or `/nets-fail` (with `reason`: `cancelled` or `failed`). Errors: 400
 * ValidationFailed naming the field (`personal_number`: 10 to 12 digits; the
 * terms and privacy policy must be accepted to register); 400 InvalidCountry
 * on `country` (no bank ID there); 429 BankIdResetDDOS (too many from the
 * caller's address), with Retry-After; a registration, 403 CaptchaRequired
 * on `captcha` as `email/send`'s.
 */
export const BankIdStartRequest = refine(
  object({
    purpose: enums(['registration', 'login'] as const),
    country: SourceCountryCode,
    personal_number: BankIdNumber,
    accept_terms: optional(boolean()),
    accept_privacy: optional(boolean()),
    locale: optional(enums(LOCALES)),
    /** registration only: the agent whose sign-up link started it; the provider then returns to /nets-agent */
    agent_code: optional(AgentCode),
  }),
  'consent',
  ({ purpose, accept_terms, accept_privacy }) => {
    if (purpose === 'login') return true;
    if (accept_terms !== true)
      return { message: 'Accept the terms and conditions to continue', path: ['accept_terms'] };
    if (accept_privacy !== true) return { message: 'Accept the privacy policy to continue', path: ['accept_privacy'] };
    return true;
  },
);
export type BankIdStartRequest = Infer<typeof BankIdStartRequest>;

export const BankIdStarted = object({
  /** bearer for `bankid/check` and `bankid/reset`; keep it only for this tab (it must outlive the provider's page) */
  bank_id_token: string(),
  /** the provider's page, where the customer identifies */
  redirect_url: string(),
  /** `bankid/check` and `bankid/reset` */
  _links: OAuthLinks,
});
export type BankIdStarted = Infer<typeof BankIdStarted>;

/**
 * `POST /bankid/reset` (Bearer) → `data: BankIdRestarted`: a new order for
 * the same bank-ID session after a cancelled or failed one. Errors: 401
 * Unauthorized (unknown or ended session: start again); 429 BankIdResetDDOS
 * (MAX_BANK_ID_RESTARTS reached, or too many from the caller's address).
 */
export const BankIdRestarted = object({ redirect_url: string(), _links: OAuthLinks });
export type BankIdRestarted = Infer<typeof BankIdRestarted>;

/*
 * `POST /bankid/check` (Bearer) → `data: SignedIn` once the provider has
 * identified the customer: a registration creates the customer (onboarding
 * follows), a sign-in opens a session of the customer with that personal
 * number in that country. Errors: 401 Unauthorized (unknown or ended
 * session); 422 CantProceedWithProvidedDetails (the identification is not
 * done: cancelled, failed or still waiting); 409 CustomerAlreadyExists
 * (registration: the number has an account, sign in instead); 404
 * CustomerNotFound (sign-in: no account has it, register instead); 403
 * DisabledCustomer.
 */

/**
 * `POST /bankid/ekyc` (Bearer, a registration's bank-ID session) → 200
 * `data: BankIdIdentity`: who the bank ID identified, as their bank holds
 * them, for the customer to see before the account is made; `bankid/check`
 * then creates the customer with these names and date of birth (onboarding
 * does not ask for them again). Errors: 401 Unauthorized (unknown or ended
 * session, or one that signs in); 422 CantProceedWithProvidedDetails (not
 * identified yet: cancelled, failed or still waiting).
 */
export const BankIdIdentity = object({
  given_name: string(),
  surname: string(),
  /** YYYY-MM-DD; null when the bank does not give it */
  date_of_birth: nullable(string()),
  /** the personal number, all but its last four digits masked */
  personal_number: string(),
  /** `bankid/check` */
  _links: OAuthLinks,
});
export type BankIdIdentity = Infer<typeof BankIdIdentity>;

/**
 * `POST /api/bank-id/migrate` (main API, session) body → 201 `data:
 * BankIdStarted`: a customer who signs in another way (e-mail, phone) asks
 * to sign in with bank ID from now on. As `bankid/init`, the browser goes to
 * `redirect_url` and comes back to /nets-success, whose `bankid/check` ties
 * the personal number the provider identified to the account (answering
 * `SignedIn`, with a new session) and signs the customer in. `url` is the
 * same page, under the name SPEC §7 gives it. Errors: 400 ValidationFailed
 * on `personalIdentityNumber` (10 to 12 digits); 400 InvalidCountry (no
 * bank-ID sign-in in the customer's country); 409 AccountAlreadyExists (the
 * account already signs in with bank ID); 429 BankIdResetDDOS. Its
 * `bankid/check` may answer 409 AccountAlreadyExists when another account
 * has that personal number.
 */
export const BankIdMigrateRequest = object({ personalIdentityNumber: BankIdNumber });
export type BankIdMigrateRequest = Infer<typeof BankIdMigrateRequest>;
export const BankIdMigration = object({ ...BankIdStarted.schema, url: string() });
export type BankIdMigration = Infer<typeof BankIdMigration>;

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
 * score never undoes an earlier pass. Errors: 401 Unauthorized (unknown or
 * expired guest session: start another); 403 CaptchaInvalid on `token` (not
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

/**
 * `POST /email/reset` and `/otp/reset` → 200 `data: CodeResent`: the times of
 * the new code and the calls it allows next.
 */
export const CodeResent = object({ ...CodeTimes.schema, _links: OAuthLinks });
export type CodeResent = Infer<typeof CodeResent>;

/** The OAuth-style API: registration by e-mail or SMS code (Bearer: the registration token). */
export const oauthApi = {
  sendEmailCode: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/email/send',
    auth: 'none',
    body: EmailSendRequest,
    response: CodeSent,
    status: 201,
  }),
  resendEmailCode: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/email/reset',
    auth: 'registration',
    response: CodeResent,
  }),
  checkEmailCode: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/email/check',
    auth: 'registration',
    body: CodeCheckRequest,
    response: CodeVerified,
  }),
  sendPhoneCode: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/otp/send',
    auth: 'none',
    body: OtpSendRequest,
    response: CodeSent,
    status: 201,
  }),
  resendPhoneCode: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/otp/reset',
    auth: 'registration',
    response: CodeResent,
  }),
  checkPhoneCode: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/otp/check',
    auth: 'registration',
    body: CodeCheckRequest,
    response: CodeVerified,
  }),
  addRegistrationEmail: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/otp/email',
    auth: 'registration',
    body: OtpEmailRequest,
    response: EmailAdded,
  }),
  commitRegistration: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/commit',
    auth: 'registration',
    response: RegistrationCommitted,
    status: 201,
  }),
  jwtToAuth: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/jwt2auth',
    auth: 'none',
    body: JwtToAuthRequest,
    response: SignedIn,
  }),
  startBankId: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/bankid/init',
    auth: 'none',
    body: BankIdStartRequest,
    response: BankIdStarted,
    status: 201,
  }),
  checkBankId: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/bankid/check',
    auth: 'registration',
    response: SignedIn,
  }),
  identifyBankIdPerson: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/bankid/ekyc',
    auth: 'registration',
    response: BankIdIdentity,
  }),
  restartBankId: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/bankid/reset',
    auth: 'registration',
    response: BankIdRestarted,
  }),
  /**
   * `POST /flush` (Bearer) → 204: the registration (or bank-ID session) the
   * token names ends now; its code and the token stop working, and going on
   * means starting again. The same answer for one that has already ended.
   */
  flush: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/flush',
    auth: 'registration',
    response: null,
    status: 204,
  }),
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
  migrateToBankId: endpoint({
    method: 'POST',
    base: 'main',
    path: '/api/bank-id/migrate',
    auth: 'session',
    body: BankIdMigrateRequest,
    response: BankIdMigration,
    status: 201,
  }),
} as const;
