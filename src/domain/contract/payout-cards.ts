import { type Infer, integer, object, refine, string } from 'superstruct';
import { isCardNumber } from '../payments.ts';
import { CardSummary } from './card-gateway.ts';

/**
 * The card payout gateway's tokenization call for a recipient's card: the
 * browser sends the card straight to the gateway, never to our API, and hands
 * our API only the token. A card that receives money needs no security code.
 */
export const PayoutCardTokenRequest = object({
  number: refine(string(), 'card_number', (value) => isCardNumber(value) || 'The card number is invalid'),
  exp_month: refine(
    integer(),
    'month',
    (value) => (value >= 1 && value <= 12) || 'The expiry month must be between 1 and 12',
  ),
  exp_year: refine(
    integer(),
    'year',
    (value) => (value >= 2000 && value <= 2099) || 'The expiry year must have four digits',
  ),
  /** the recipient's name as the customer gave it; the card's bank answers with the name it holds */
  name: refine(
    string(),
    'cardholder_name',
    (value) => (value.trim().length >= 1 && value.length <= 256) || 'Enter the name on the card',
  ),
});
export type PayoutCardTokenRequest = Infer<typeof PayoutCardTokenRequest>;

/** 201 `data`: a single-use token that lives for 15 minutes, and what the card's bank says of the card. */
export const PayoutCardToken = object({
  token: string(),
  card: CardSummary,
  /** ISO 8601 */
  expires_at: string(),
});
export type PayoutCardToken = Infer<typeof PayoutCardToken>;
