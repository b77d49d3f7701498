import { CARD_BRANDS, isCardNumber } from '../payments.ts';
import { enums, type Infer, integer, object, refine, string } from './structs.ts';

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
