import { endpoint } from '../endpoint.ts';
import { Email, NewPassword, OtpCode, SourceCountryCode } from '../fields.ts';
import { CodeTimes } from '../one-time-codes.ts';
import { type Infer, literal, object, optional, refine, type Struct, string } from '../structs.ts';
import { PhoneLoginRequest } from './sign-in.ts';

/** The password: recovery with an e-mailed or texted code, and a change by the signed-in customer. */

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
  return refine(
    body,
    'destination',
    ({ email, mobile }) => {
      if (email === undefined && mobile === undefined)
        return { message: 'Enter the e-mail or the mobile number of your account', path: ['email'] };
      if (email !== undefined && mobile !== undefined)
        return { message: 'Enter the e-mail or the mobile number, not both', path: ['mobile'] };
      return true;
    },
    { oneOf: [{ required: ['email'] }, { required: ['mobile'] }] },
  );
}

/**
 * `POST /user/reset-password` (no session) → 202 `data: CodeTimes`: when
 * someone has this e-mail (or mobile number), a six-digit code for
 * `user/change-password-token` is e-mailed (or texted) to it (10 minutes,
 * single use); an earlier code stops working. The answer, its status and
 * its work are the same whether or not anyone has the e-mail or number, so
 * the call reveals no accounts. Errors: 400 ValidationFailed; 400
 * InvalidPhone on "mobile"; 429 EmailSendExist (e-mail) or OTPAlreadySent
 * (phone) within 60 s of the last code for this destination; 429 EmailSendDDOS on "email" (too many codes for
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
  old_password: refine(string(), 'required', (value) => value.length > 0 || 'The old_password field is required', {
    minLength: 1,
  }),
  new_password: NewPassword,
});
export type PasswordChangeRequest = Infer<typeof PasswordChangeRequest>;

/** Password recovery and change. */
export const passwordCalls = {
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
} as const;
