import { boolean, enums, type Infer, object, optional, refine, string } from 'superstruct';
import { LOCALES } from '../locales.ts';
import { endpoint } from './endpoint.ts';
import { Email, NewPassword, OtpCode, SourceCountryCode } from './fields.ts';
import { CodeTimes } from './one-time-codes.ts';
import { SignedIn } from './user.ts';

/**
 * The OAuth-style API (SPEC §7), mounted at `/api/oauth`: registration with
 * e-mail and password, confirmed by a six-digit code sent to that address.
 *
 * Flow: `email/send` → code e-mailed, registration token returned;
 * `email/reset` asks for a new code; `email/check` with the right code
 * creates the customer and signs them in. `reset` and `check` take the
 * registration token as `Authorization: Bearer <registration_token>`; an
 * unknown or expired token (1 hour) → 401 Unauthorized: start again.
 */

/** e-mails with a code per registration, the first included */
export const MAX_CODE_SENDS = 5;
export const REGISTRATION_LIFETIME_MINUTES = 60;

const accepted = (message: string) => refine(boolean(), 'accepted', (value) => value || message);

/**
 * `POST /email/send` → 201 `data: CodeSent`. Errors: 400 ValidationFailed
 * (property_path names the field); 409 CustomerAlreadyExists (sign in
 * instead); 429 EmailSendDDOS (too many registrations or codes for this
 * e-mail, property_path "email"); 429 EmailDDOS (too many from the caller's
 * address). Every 429 carries Retry-After; the numbers are the README's
 * "Abuse limits" table.
 */
export const EmailSendRequest = object({
  email: Email,
  password: NewPassword,
  /** ISO2 of the country of residence: one of the locator's countries */
  country: SourceCountryCode,
  accept_terms: accepted('Accept the terms and conditions to continue'),
  accept_privacy: accepted('Accept the privacy policy to continue'),
  /** language of the code e-mail and of the new account; en-GB when absent */
  locale: optional(enums(LOCALES)),
});
export type EmailSendRequest = Infer<typeof EmailSendRequest>;

export const CodeSent = object({
  /** bearer for `email/reset` and `email/check`; keep it only in memory */
  registration_token: string(),
  resend_available_at: string(),
  code_expires_at: string(),
});
export type CodeSent = Infer<typeof CodeSent>;

/*
 * `POST /email/reset` (Bearer), no body → 200 `data: CodeTimes`; the earlier
 * code stops working. Errors: 429 OTPAlreadySent (within 60 s of the last
 * code; the message says when to retry); 429 EmailSendLimit (5 codes sent);
 * 429 EmailSendDDOS / EmailDDOS (the e-mail's or the address's send limit).
 */

/**
 * `POST /email/check` (Bearer) → 200 `data: SignedIn` (contract/user.ts): the
 * customer exists, the e-mail is verified, and `token` is the main API
 * session. Errors: 422 CodeMismatch with property_path "code" (wrong, or
 * expired after 10 minutes); 429 EmailCheckLimit (too many checks for this
 * registration: start again); 429 EmailCheckDDOS (too many checks from the
 * caller's address); 429 AttemptLimit on the 5th wrong code and
 * after (ask for a new code); 409 CustomerAlreadyExists.
 */
export const EmailCheckRequest = object({ code: OtpCode });
export type EmailCheckRequest = Infer<typeof EmailCheckRequest>;

/** The OAuth-style API: registration by e-mail code (Bearer: the registration token). */
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
    response: CodeTimes,
  }),
  checkEmailCode: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/email/check',
    auth: 'registration',
    body: EmailCheckRequest,
    response: SignedIn,
  }),
} as const;
