import { CARD_BRANDS, isCardNumber } from '../payments.ts';
import { enums, type Infer, integer, object, optional, pattern, refine, size, string } from './structs.ts';

/**
 * The card gateway's tokenization call. The browser sends the card straight
 * to the gateway, never to our API, and hands our API only the token.
 */
export const CardTokenRequest = object({
  number: refine(string(), 'card_number', (value) => isCardNumber(value) || 'The card number is invalid', {
    description: 'a card number whose check digit holds',
  }),
  exp_month: refine(
    integer(),
    'month',
    (value) => (value >= 1 && value <= 12) || 'The expiry month must be between 1 and 12',
    { minimum: 1, maximum: 12 },
  ),
  exp_year: refine(
    integer(),
    'year',
    (value) => (value >= 2000 && value <= 2099) || 'The expiry year must have four digits',
    { minimum: 2000, maximum: 2099 },
  ),
  cvc: refine(string(), 'cvc', (value) => /^\d{3,4}$/.test(value) || 'The security code must have 3 or 4 digits', {
    pattern: '^\\d{3,4}$',
  }),
  name: refine(
    string(),
    'cardholder_name',
    (value) => (value.trim().length >= 1 && value.length <= 256) || 'Enter the name on the card',
    { pattern: '\\S', maxLength: 256 },
  ),
});
export type CardTokenRequest = Infer<typeof CardTokenRequest>;

export const CardSummary = object({
  brand: enums(CARD_BRANDS),
  last4: string(),
  exp_month: integer(),
  exp_year: integer(),
  /** ISO 3166-1 alpha-2 country of the issuing bank */
  country: string(),
});
export type CardSummary = Infer<typeof CardSummary>;

/** 201 `data`: a single-use token that lives for 15 minutes. */
export const CardToken = object({
  token: string(),
  card: CardSummary,
  /** ISO 8601 */
  expires_at: string(),
});
export type CardToken = Infer<typeof CardToken>;

/** One field Adyen's card component encrypted in the browser with Adyen's key (`adyenjs_…`); we cannot read it. */
const AdyenEncrypted = (field: string) =>
  refine(
    string(),
    field,
    (value) =>
      (/^adyenjs_[0-9_.]+\$[A-Za-z0-9+/=$_-]+$/.test(value) && value.length <= 8000) || `The ${field} is invalid`,
    { pattern: '^adyenjs_[0-9_.]+\\$[A-Za-z0-9+/=$_-]+$', maxLength: 8000 },
  );

/**
 * A new card as Adyen's own card component hands it over (its state data's
 * `paymentMethod`): only fields Adyen encrypted in the browser, with the
 * brand it detected. No card number, expiry or security code in clear ever
 * reaches our API: a request that carries anything else is refused.
 */
export const AdyenCardFields = object({
  type: enums(['scheme']),
  encryptedCardNumber: AdyenEncrypted('encryptedCardNumber'),
  encryptedExpiryMonth: AdyenEncrypted('encryptedExpiryMonth'),
  encryptedExpiryYear: AdyenEncrypted('encryptedExpiryYear'),
  encryptedSecurityCode: optional(AdyenEncrypted('encryptedSecurityCode')),
  holderName: optional(size(string(), 1, 256)),
  brand: optional(pattern(string(), /^[a-z0-9_]{1,40}$/)),
});
export type AdyenCardFields = Infer<typeof AdyenCardFields>;
