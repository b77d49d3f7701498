import { endpoint } from './endpoint.ts';
import { Email, OtpCode, SourceCountryCode } from './fields.ts';
import { CodeTimes } from './one-time-codes.ts';
import { type Infer, object, optional, refine, size, string } from './structs.ts';
import { User } from './user/profile.ts';

/**
 * A signed-in customer's e-mail and mobile number: added or changed only
 * with the password again, and only once a code sent to the new one comes
 * back. Until then the account keeps what it had.
 */

const Password = refine(string(), 'required', (value) => value.length > 0 || 'The password field is required', {
  minLength: 1,
});

/**
 * `POST /remit/remitter/update-phone` (session) → 202 `data: CodeTimes`: a
 * six-digit code is texted to `mobile` (typed with its country code, or
 * without it for `country`, the customer's own by default) for
 * `verification/verify-phone`. A number that is another account's gets a
 * message saying so in place of the code, and the same answer, so the call
 * reveals no accounts. Errors: 400 ValidationFailed; 400 InvalidPhone on
 * "mobile" (not a mobile number, or already this account's); 422
 * InvalidPassword on "password"; 429 AttemptLimit (too many wrong passwords);
 * 429 OTPAlreadySent (within 60 s of the last code); 429 SendLimit / SMSDDOS.
 */
export const PhoneChangeRequest = object({
  mobile: size(string(), 0, 64),
  country: optional(SourceCountryCode),
  password: Password,
});
export type PhoneChangeRequest = Infer<typeof PhoneChangeRequest>;

/**
 * `POST /user/update-email` (session) → 202 `data: CodeTimes`: the same for
 * an e-mail address, with `verification/verify-email`. Errors as
 * update-phone, with 400 InvalidEmail on "email" (already this account's)
 * EmailSendExist in place of OTPAlreadySent, and EmailSendDDOS / EmailDDOS
 * for the send limits.
 */
export const EmailChangeRequest = object({ email: Email, password: Password });
export type EmailChangeRequest = Infer<typeof EmailChangeRequest>;

/**
 * `POST /verification/verify-phone`, `/verification/verify-email` (session)
 * body → `data: User`, with the new number or e-mail in place. Errors: 400
 * CodeNotDefined (no change waiting: start again); 422 CodeMismatch on "code"
 * (wrong, with the tries left; or expired; a destination another account has
 * never got a code, so no code is right for it); 429 AttemptLimit on "code"
 * (burnt by five wrong codes); 429 SMSDDOS / EmailCheckDDOS (too many checks
 * from the address).
 */
export const ContactCode = object({ code: OtpCode });
export type ContactCode = Infer<typeof ContactCode>;

export const contactApi = {
  changePhone: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/remitter/update-phone',
    auth: 'session',
    body: PhoneChangeRequest,
    response: CodeTimes,
    status: 202,
  }),
  changeEmail: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/update-email',
    auth: 'session',
    body: EmailChangeRequest,
    response: CodeTimes,
    status: 202,
  }),
  /** a new code for the number waiting (400 CodeNotDefined when none is; 429 OTPAlreadySent within 60 s) */
  resendPhoneCode: endpoint({
    method: 'POST',
    base: 'main',
    path: '/verification/send-phone-code',
    auth: 'session',
    response: CodeTimes,
    status: 202,
  }),
  /** a new code for the e-mail waiting, the same way (429 EmailSendExist within 60 s) */
  resendEmailCode: endpoint({
    method: 'POST',
    base: 'main',
    path: '/verification/verify-email-resend',
    auth: 'session',
    response: CodeTimes,
    status: 202,
  }),
  verifyPhone: endpoint({
    method: 'POST',
    base: 'main',
    path: '/verification/verify-phone',
    auth: 'session',
    body: ContactCode,
    response: User,
  }),
  verifyEmail: endpoint({
    method: 'POST',
    base: 'main',
    path: '/verification/verify-email',
    auth: 'session',
    body: ContactCode,
    response: User,
  }),
} as const;
