import type { ErrorType } from '../../domain/errors.ts';
import { SSN_TRIES_EXCEEDED } from '../../domain/us-card-payment.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How a call over a limit is answered, with Retry-After until the window
 * ends: a 429 type, but for the limit a captcha lifts (403 CaptchaRequired).
 */
export interface Refusal {
  type: ErrorType;
  message: string;
  propertyPath: string | null;
}

/**
 * Hits counted per key within a window of `windowSeconds` that starts at
 * the key's first hit.
 */
export interface Counter {
  /** stored with each counter; never renamed once released */
  name: string;
  /** what the key is, for the README table */
  key: string;
  windowSeconds: number;
}

/**
 * One abuse limit: a counter that refuses a call past `max` hits per key.
 * The README's "Abuse limits" table lists every one of these; a test keeps
 * the two in step.
 */
export interface AbuseLimit extends Counter {
  max: number;
  refusal: Refusal;
}

/** One answer for every limit on a client address, whatever the call. */
const FROM_YOUR_NETWORK = 'Too many attempts from your network. Try again later.';

const refuse = (type: ErrorType, message: string, propertyPath: string | null = null): Refusal => ({
  type,
  message,
  propertyPath,
});

/**
 * Every abuse limit of the API. A limit on a destination or an account
 * protects its owner; a limit on a client address stops one caller trying
 * many destinations or accounts. No limit keyed by an account can refuse its
 * owner's sign-in: failures for an account (from one address, or from all)
 * only ever ask for a captcha and slow failures down (`SIGN_IN_COUNTERS`).
 */
export const ABUSE_LIMITS = {
  registrationsPerAddress: {
    name: 'registrations-per-address',
    key: 'client address',
    max: 10,
    windowSeconds: HOUR,
    refusal: refuse('EmailDDOS', FROM_YOUR_NETWORK),
  },
  registrationsPerEmail: {
    name: 'registrations-per-email',
    key: 'e-mail',
    max: 5,
    windowSeconds: HOUR,
    refusal: refuse('EmailSendDDOS', 'Too many codes were sent to this e-mail. Try again in an hour.', 'email'),
  },
  codeSendsPerEmail: {
    name: 'code-sends-per-email',
    key: 'e-mail',
    max: 10,
    windowSeconds: DAY,
    refusal: refuse('EmailSendDDOS', 'Too many codes were sent to this e-mail today. Try again tomorrow.', 'email'),
  },
  codeSendsPerAddress: {
    name: 'code-sends-per-address',
    key: 'client address',
    max: 20,
    windowSeconds: HOUR,
    refusal: refuse('EmailDDOS', FROM_YOUR_NETWORK),
  },
  codeChecksPerRegistration: {
    name: 'code-checks-per-registration',
    key: 'registration',
    max: 10,
    windowSeconds: HOUR,
    refusal: refuse('EmailCheckLimit', 'Too many codes were tried for this registration. Start again.'),
  },
  codeChecksPerAddress: {
    name: 'code-checks-per-address',
    key: 'client address',
    max: 30,
    windowSeconds: HOUR,
    refusal: refuse('EmailCheckDDOS', FROM_YOUR_NETWORK),
  },
  passwordRecoveriesPerAddress: {
    name: 'password-recoveries-per-address',
    key: 'client address',
    max: 10,
    windowSeconds: HOUR,
    refusal: refuse('EmailResetDDOS', FROM_YOUR_NETWORK),
  },
  passwordRecoveriesPerEmailAddress: {
    name: 'password-recoveries-per-email-address',
    key: 'e-mail + client address',
    max: 5,
    windowSeconds: HOUR,
    refusal: refuse('EmailSendDDOS', 'Too many codes were sent to this e-mail. Try again in an hour.', 'email'),
  },
  recoveryCodeChecksPerEmailAddress: {
    name: 'recovery-code-checks-per-email-address',
    key: 'e-mail + client address',
    max: 10,
    windowSeconds: HOUR,
    refusal: refuse('EmailCheckLimit', 'Too many codes were tried for this e-mail. Try again in an hour.', 'code'),
  },
  passwordChangeFailuresPerSession: {
    name: 'password-change-failures-per-session',
    key: 'session',
    max: 5,
    windowSeconds: 15 * MINUTE,
    refusal: refuse('AttemptLimit', 'Too many wrong passwords. Try again later.', 'old_password'),
  },
  contactChangeFailuresPerSession: {
    name: 'contact-change-failures-per-session',
    key: 'session',
    max: 5,
    windowSeconds: 15 * MINUTE,
    refusal: refuse('AttemptLimit', 'Too many wrong passwords. Try again later.', 'password'),
  },
  phoneRegistrationsPerAddress: {
    name: 'phone-registrations-per-address',
    key: 'client address',
    max: 10,
    windowSeconds: HOUR,
    refusal: refuse('SMSDDOS', FROM_YOUR_NETWORK),
  },
  registrationsPerPhone: {
    name: 'registrations-per-phone',
    key: 'phone number',
    max: 5,
    windowSeconds: HOUR,
    refusal: refuse('SendLimit', 'Too many codes were sent to this number. Try again in an hour.', 'mobile'),
  },
  codeSendsPerPhone: {
    name: 'code-sends-per-phone',
    key: 'phone number',
    max: 10,
    windowSeconds: DAY,
    refusal: refuse('SendLimit', 'Too many codes were sent to this number today. Try again tomorrow.', 'mobile'),
  },
  smsSendsPerAddress: {
    name: 'sms-sends-per-address',
    key: 'client address',
    max: 20,
    windowSeconds: HOUR,
    refusal: refuse('SMSDDOS', FROM_YOUR_NETWORK),
  },
  phoneCodeChecksPerRegistration: {
    name: 'phone-code-checks-per-registration',
    key: 'registration',
    max: 10,
    windowSeconds: HOUR,
    refusal: refuse('SMSNotSentCheck', 'Too many codes were tried for this registration. Start again.'),
  },
  phoneCodeChecksPerAddress: {
    name: 'phone-code-checks-per-address',
    key: 'client address',
    max: 30,
    windowSeconds: HOUR,
    refusal: refuse('SMSDDOS', FROM_YOUR_NETWORK),
  },
  /**
   * Failed sign-ins (and wrong passwords of a signed-in customer) from one
   * address, whatever the account. Past `SIGN_IN_ADDRESS_CAPTCHA_AFTER` the
   * address needs a captcha for every sign-in; this cap refuses it only once
   * it has also solved that many captchas more, so a stranger who shares the
   * owner's address must pay for 70 captchas within the hour to lock it.
   */
  signInFailuresPerAddress: {
    name: 'sign-in-failures-per-address',
    key: 'client address',
    max: 100,
    windowSeconds: HOUR,
    refusal: refuse('AttemptLimit', FROM_YOUR_NETWORK),
  },
  launchInterestPerAddress: {
    name: 'launch-interest-per-address',
    key: 'client address',
    max: 10,
    windowSeconds: HOUR,
    refusal: refuse('EmailDDOS', FROM_YOUR_NETWORK),
  },
  launchInterestPerEmail: {
    name: 'launch-interest-per-email',
    key: 'e-mail',
    max: 3,
    windowSeconds: DAY,
    refusal: refuse('EmailSendDDOS', 'We already have your request for this e-mail. Try again tomorrow.', 'email'),
  },
  passwordRecoveriesPerPhoneAddress: {
    name: 'password-recoveries-per-phone-address',
    key: 'phone number + client address',
    max: 5,
    windowSeconds: HOUR,
    refusal: refuse('SendLimit', 'Too many codes were sent to this number. Try again in an hour.', 'mobile'),
  },
  recoveryCodeChecksPerPhoneAddress: {
    name: 'recovery-code-checks-per-phone-address',
    key: 'phone number + client address',
    max: 10,
    windowSeconds: HOUR,
    refusal: refuse('SMSNotSentCheck', 'Too many codes were tried for this number. Try again in an hour.', 'code'),
  },
  bankIdStartsPerAddress: {
    name: 'bank-id-starts-per-address',
    key: 'client address',
    max: 10,
    windowSeconds: HOUR,
    refusal: refuse('BankIdResetDDOS', FROM_YOUR_NETWORK),
  },
  payoutDetailUpdatesPerTransfer: {
    name: 'payout-detail-updates-per-transfer',
    key: 'transfer',
    max: 10,
    windowSeconds: DAY,
    refusal: refuse(
      'RateLimited',
      "Too many changes to this transfer's payout details. Try again tomorrow, or contact us.",
    ),
  },
  accountLookupsPerCustomer: {
    name: 'account-lookups-per-customer',
    key: 'customer',
    max: 20,
    windowSeconds: HOUR,
    refusal: refuse('AttemptLimit', 'Too many account checks. Try again in an hour.'),
  },
  accountLookupsPerAddress: {
    name: 'account-lookups-per-address',
    key: 'client address',
    max: 60,
    windowSeconds: HOUR,
    refusal: refuse('AttemptLimit', FROM_YOUR_NETWORK),
  },
  /**
   * Wrong last four SSN digits confirming a card payment from the United
   * States (a right try takes its hit back). Only the customer's own session
   * can try, so the key is the customer: at 5 a day, the 10,000 possible
   * digits take years to go through.
   */
  ssnTriesPerCustomer: {
    name: 'ssn-tries-per-customer',
    key: 'customer',
    max: 5,
    windowSeconds: DAY,
    refusal: refuse('AttemptLimit', SSN_TRIES_EXCEEDED, 'ssn_last4'),
  },
  /**
   * Registrations (by e-mail, phone or bank ID alike) from one address
   * before the captcha gate: past these, one goes through only with the
   * bearer of a guest session that passed a captcha (`guest-sessions.ts`).
   * Low enough to stop SMS pumping and bot sign-ups, high enough that the
   * customers behind one carrier address rarely meet it, and never worse
   * off than a tick of "I'm not a robot" when they do.
   */
  captchaFreeRegistrationsPerAddress: {
    name: 'captcha-free-registrations-per-address',
    key: 'client address',
    max: 3,
    windowSeconds: HOUR,
    refusal: refuse('CaptchaRequired', 'Confirm that you are not a robot, then send your details again.', 'captcha'),
  },
  guestSessionsPerAddress: {
    name: 'guest-sessions-per-address',
    key: 'client address',
    max: 30,
    windowSeconds: HOUR,
    refusal: refuse('RateLimited', FROM_YOUR_NETWORK),
  },
  /** captcha tokens sent to the provider (`gcaptcha/v3` and `gcaptcha/v2`), passing or not */
  captchaChecksPerAddress: {
    name: 'captcha-checks-per-address',
    key: 'client address',
    max: 30,
    windowSeconds: HOUR,
    refusal: refuse('RateLimited', FROM_YOUR_NETWORK),
  },
  /**
   * `GET /api/locator/users`, every call: the answer reveals nothing, and
   * the app never asks it, so only a script calls it often.
   */
  locatorLookupsPerAddress: {
    name: 'locator-lookups-per-address',
    key: 'client address',
    max: 30,
    windowSeconds: HOUR,
    refusal: refuse('RateLimited', FROM_YOUR_NETWORK),
  },
  passkeySignInsPerAddress: {
    name: 'passkey-sign-ins-per-address',
    key: 'client address',
    max: 30,
    windowSeconds: HOUR,
    refusal: refuse('AttemptLimit', FROM_YOUR_NETWORK),
  },
} as const satisfies Record<string, AbuseLimit>;

/**
 * Failed sign-ins counted per account, refusing nothing: past their
 * thresholds they ask for a captcha and slow failures down, so a stranger
 * can make the owner solve a captcha but never refuse the owner.
 */
export const SIGN_IN_COUNTERS = {
  /** one e-mail or number from one address; a right password from it clears it */
  perAccountAddress: {
    name: 'sign-in-failures-per-account-address',
    key: 'e-mail or phone number + client address',
    windowSeconds: 15 * MINUTE,
  },
  /** one e-mail or number from every address together: the bound on a guesser spread over many */
  perAccount: {
    name: 'sign-in-failures-per-account',
    key: 'e-mail or phone number',
    windowSeconds: HOUR,
  },
} as const satisfies Record<string, Counter>;

/**
 * Failed sign-ins for one e-mail from one address (within the window of
 * `SIGN_IN_COUNTERS.perAccountAddress`) after which that address must pass a
 * captcha to try that e-mail again.
 */
export const SIGN_IN_CAPTCHA_AFTER = 3;

/**
 * Failed sign-ins for one e-mail from all addresses together (within the
 * window of `SIGN_IN_COUNTERS.perAccount`) after which every address must
 * pass a captcha to try it: the guesses an account takes unchecked by a
 * captcha, however many addresses they come from.
 */
export const SIGN_IN_ACCOUNT_CAPTCHA_AFTER = 10;

/**
 * Failed sign-ins from one address, whatever the e-mail (within the window
 * of `signInFailuresPerAddress`), after which it must pass a captcha for
 * every sign-in.
 */
export const SIGN_IN_ADDRESS_CAPTCHA_AFTER = 30;

/** The longest pause after a failed sign-in. */
export const SIGN_IN_PAUSE_MAX_SECONDS = 8;

/**
 * How long the answer to the `failures`-th failed sign-in (for one e-mail
 * from one address, this one included) waits: nothing up to the captcha
 * threshold, then 1, 2, 4 and at most 8 seconds.
 */
export function signInPauseSeconds(failures: number): number {
  if (failures <= SIGN_IN_CAPTCHA_AFTER) return 0;
  return Math.min(2 ** (failures - SIGN_IN_CAPTCHA_AFTER - 1), SIGN_IN_PAUSE_MAX_SECONDS);
}

/**
 * The pause of a failed sign-in given its account's failures from this
 * address and from everywhere: the longer of the two, the account-wide
 * count starting on the same 1, 2, 4, 8 once past its own captcha threshold.
 */
export function signInFailurePauseSeconds(fromAddress: number, fromEverywhere: number): number {
  return Math.max(
    signInPauseSeconds(fromAddress),
    signInPauseSeconds(fromEverywhere - SIGN_IN_ACCOUNT_CAPTCHA_AFTER + SIGN_IN_CAPTCHA_AFTER),
  );
}
