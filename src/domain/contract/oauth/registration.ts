import { LOCALES } from '../../locales.ts';
import { mobileRule } from '../../phone.ts';
import { endpoint } from '../endpoint.ts';
import { AgentCode, Email, NewPassword, OtpCode, SourceCountryCode } from '../fields.ts';
import { CodeTimes } from '../one-time-codes.ts';
import { boolean, enums, type Infer, object, optional, refine, size, string } from '../structs.ts';
import { OAuthLinks } from './links.ts';

/** Registration with an e-mail address or a mobile number and a password, confirmed by a code sent there. */

/** messages with a code per registration, the first included */
export const MAX_CODE_SENDS = 5;
export const REGISTRATION_LIFETIME_MINUTES = 60;

const accepted = (message: string) => refine(boolean(), 'accepted', (value) => value || message, { const: true });

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
  { description: '`mobile` is a mobile number of `country` (or typed with its country code)' },
);
export type OtpSendRequest = Infer<typeof OtpSendRequest>;

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
 * code stops working. Errors: 429 EmailSendExist (within 60 s of the last
 * code; the message says when to retry); 429 EmailSendLimit (5 codes sent);
 * 429 EmailSendDDOS / EmailDDOS (the e-mail's or the address's send limit).
 */

/**
 * `POST /email/reset` and `/otp/reset` → 200 `data: CodeResent`: the times of
 * the new code and the calls it allows next.
 */
export const CodeResent = object({ ...CodeTimes.schema, _links: OAuthLinks });
export type CodeResent = Infer<typeof CodeResent>;

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
 * `email`; 401 Unauthorized (unknown or ended registration); 403
 * AccessDenied (an e-mail registration's token).
 */
export const OtpEmailRequest = object({ email: Email });
export type OtpEmailRequest = Infer<typeof OtpEmailRequest>;
export const EmailAdded = object({ email: string(), _links: OAuthLinks });
export type EmailAdded = Infer<typeof EmailAdded>;

/*
 * `POST /otp/reset` and `POST /otp/check` (Bearer): as `email/reset` and
 * `email/check`, answering SMSNotSentReset (5 codes sent) for EmailSendLimit,
 * SendLimit / SMSDDOS for the number's and the address's send limits,
 * SMSNotSentCheck (too many checks for this registration) for
 * EmailCheckLimit and SMSDDOS for EmailCheckDDOS.
 */

/** Registration by e-mail or SMS code up to a verified one, and `flush`, which ends it (Bearer: the registration token). */
export const registrationCalls = {
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
  /** SPEC §7's main-API name of `otp/send`: the same body, answers and errors. */
  registerWithPhone: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/register-with-phone',
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
} as const;
