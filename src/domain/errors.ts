/**
 * The error catalogue (SPEC §8). Every error the API returns has one of these
 * types; the URN is stable and the client keys its behaviour on it.
 */
export const ERROR_CATALOGUE = {
  ValidationFailed: 400,
  ValueNotBeBlank: 400,
  InvalidEmail: 400,
  InvalidPhone: 400,
  InvalidCountry: 400,
  InvalidInformation: 400,
  MobileNotDefined: 400,
  SSNNotDefined: 400,
  CountryNotDefined: 400,
  CodeNotDefined: 400,
  EmailNotDefined: 400,
  Unauthorized: 401,
  AppCheckExpiredToken: 401,
  AccessDenied: 403,
  DisabledCustomer: 403,
  /** the call needs a solved captcha from this caller (`captcha_token`, or the bearer of a guest session that passed one) */
  CaptchaRequired: 403,
  /** the captcha token given did not pass */
  CaptchaInvalid: 403,
  NotFound: 404,
  CustomerNotFound: 404,
  BeneficiaryAlreadyExists: 409,
  AccountAlreadyExists: 409,
  CustomerAlreadyExists: 409,
  IdempotencyKeyReused: 422,
  CodeMismatch: 422,
  /** the current password given to change it is not the customer's (SPEC §8 CustomerNotFound "invalid password", on a field) */
  InvalidPassword: 422,
  CantProceedWithProvidedDetails: 422,
  /** a card-payout recipient's card was issued outside the destination (the recipient's) country: add a new card */
  IssuerCardCountryNotEqualBeneficiaryCountry: 422,
  /** the sender's card was issued outside the country the sender sends from: pay with another card */
  IssuerCardCountryNotEqualSendCountry: 422,
  InsufficientFunds: 422,
  /** the account lookup found no such account (SPEC §8 "account not found"), on the account's field */
  AccountNotFound: 422,
  /** the account cannot receive money (SPEC §8 "account restricted"): try another */
  AccountRestricted: 422,
  /** the account is held in another currency than the corridor's (SPEC §8 "currency mismatch") */
  AccountCurrencyMismatch: 422,
  /** the account is held in another name than the recipient's: correct the name */
  AccountNameMismatch: 422,
  /** the lookup answered a close name or could not answer: the customer must choose to go on (`account_check_confirmed`) */
  AccountCheckNotConfirmed: 422,
  RateAlertLimitReached: 422,
  QuoteExpired: 422,
  AmountOutOfRange: 422,
  /** a promo code that does not exist, is spent, has run out or does not apply (SPEC §8 "invalid promotion code") */
  InvalidPromotionCode: 422,
  YearlyLimitExceeded: 422,
  /** the transfer needs a verification step the customer has not passed yet (`verification-ladder.ts`); the message names it */
  VerificationRequired: 422,
  InvalidTransition: 409,
  QuoteAlreadyUsed: 409,
  /** a paid transfer the customer has no (more) right to cancel: not a US sender, past 30 minutes, or paid out */
  CancellationWindowClosed: 409,
  /** the payout details of a transfer paid out, rejected or cancelled can no longer change */
  PayoutAlreadyMade: 409,
  /** a problem reported more than 180 days after the date available, or on a transfer never paid for */
  DisputeWindowClosed: 409,
  /** the transfer already has a dispute not yet resolved */
  DisputeAlreadyOpen: 409,
  /** the push endpoint is another customer's: a browser's subscription is bound to one customer at a time */
  PushSubscriptionTaken: 409,
  PaymentDeclined: 422,
  /** a passkey's answer that does not verify: unknown passkey, used or expired challenge, bad signature, counter gone back */
  PasskeyNotVerified: 422,
  OTPAlreadySent: 429,
  SMSDDOS: 429,
  SendLimit: 429,
  AttemptLimit: 429,
  SMSNotSentReset: 429,
  SMSNotSentCheck: 429,
  BankIdResetDDOS: 429,
  EmailDDOS: 429,
  EmailSendLimit: 429,
  EmailSendExist: 429,
  EmailSendDDOS: 429,
  EmailCheckLimit: 429,
  EmailCheckDDOS: 429,
  EmailResetDDOS: 429,
  RateLimited: 429,
  RequestTimeout: 408,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  HeadersTooLarge: 431,
  OpsSomethingWentWrong: 500,
  /** the FX feed's rates are older than we price on (or there are none yet): no quote until they are fresh */
  RatesUnavailable: 503,
  /** the server cannot reach its database (away, restarting, or too slow): try again shortly (`Retry-After`) */
  ServiceUnavailable: 503,
} as const;

export type ErrorType = keyof typeof ERROR_CATALOGUE;

const URN_PREFIX = 'urn:sarraf:error:';

export function errorUrn(type: ErrorType): string {
  return `${URN_PREFIX}${type}`;
}

export function errorStatus(type: ErrorType): number {
  return ERROR_CATALOGUE[type];
}

/** One entry of the failure envelope `{ errors: [...] }`. */
export interface ApiErrorBody {
  type: string;
  message: string;
  property_path: string | null;
}
