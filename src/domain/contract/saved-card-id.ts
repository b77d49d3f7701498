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
 * (`card_token`) or a saved card (`saved_card_id`). The failure names the
 * field to fix: card_token when neither is given, saved_card_id when both are.
 */
export const ONE_CARD = { oneOf: [{ required: ['card_token'] }, { required: ['saved_card_id'] }] };

export function oneCard(value: { card_token?: string | undefined; saved_card_id?: string | undefined }) {
  if (value.card_token === undefined && value.saved_card_id === undefined) {
    return { path: ['card_token'], message: 'Give either card_token or saved_card_id' };
  }
  if (value.card_token !== undefined && value.saved_card_id !== undefined) {
    return { path: ['saved_card_id'], message: 'Give either card_token or saved_card_id, not both' };
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
