import { type CorridorSchema, complianceFields, corridorSchema, field, nameFields } from './corridor-schema.ts';

/**
 * A card payout form: the recipient's names and their card, tokenized by the
 * browser at the card payout gateway (the schema's `tokenize_card` link), so
 * our API only ever sees the token. The card is the payout account.
 */
function cardPayoutSchema(country: string, currency: string): CorridorSchema {
  return corridorSchema(
    { country, payoutType: 'card', currency },
    [
      ...nameFields(),
      field('card_token', 'card_token', { max_length: 64, pattern: '^[A-Za-z0-9_-]{8,64}$' }),
      ...complianceFields(),
    ],
    { identityFields: ['card_token'], label: {} },
  );
}

/** Kenya, shillings to a Kenyan Visa or Mastercard in the recipient's name. */
export const KENYA_CARD = cardPayoutSchema('KE', 'KES');

/** The Philippines, pesos to a Philippine Visa or Mastercard in the recipient's name. */
export const PHILIPPINES_CARD = cardPayoutSchema('PH', 'PHP');
