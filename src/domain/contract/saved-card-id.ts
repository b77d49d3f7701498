import { refine, string } from './structs.ts';

/**
 * A saved card's id, `card_…`, in the field `field` (remit/card/delete's
 * card_id; saved_card_id of a top-up or transfer payment).
 */
export const SavedCardId = (field: string) =>
  refine(
    string(),
    field,
    (value) => (/^card_[A-Za-z0-9_-]{1,64}$/.test(value) ? true : `The ${field} field is invalid`),
    { pattern: '^card_[A-Za-z0-9_-]{1,64}$' },
  );

/**
 * A top-up or transfer payment names its card once: a single-use token
 * (`card_token`), the encrypted fields of Adyen's card component
 * (`card_fields`, when the gateway is Adyen) or a saved card
 * (`saved_card_id`). The failure names the field to fix: card_token when
 * none is given, the later one when two are.
 */
/** The same rule in JSON Schema: exactly one of the three. */
export const ONE_CARD = {
  oneOf: [{ required: ['card_token'] }, { required: ['card_fields'] }, { required: ['saved_card_id'] }],
};

export function oneCard(value: {
  card_token?: string | undefined;
  card_fields?: unknown;
  saved_card_id?: string | undefined;
}) {
  const given = (['card_token', 'card_fields', 'saved_card_id'] as const).filter((name) => value[name] !== undefined);
  if (given.length === 0) return { path: ['card_token'], message: 'Give either card_token or saved_card_id' };
  if (given.length > 1) {
    return { path: [given[1] as string], message: `Give one of ${given.join(' and ')}, not both` };
  }
  return true;
}

/**
 * A single-use token the card gateway gave the browser, in the field `field`
 * (card_token of a top-up; remit/card/add's single_use_token).
 */
export const GatewayToken = (field: string) =>
  refine(string(), field, (value) => (value.length > 0 && value.length <= 255) || `The ${field} field is invalid`, {
    minLength: 1,
    maxLength: 255,
  });
