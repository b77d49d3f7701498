import { refine, string } from 'superstruct';

/**
 * A saved card's id, `card_…`, in the field `field` (remit/card/delete's
 * card_id; saved_card_id of a top-up or transfer payment).
 */
export const SavedCardId = (field: string) =>
  refine(string(), field, (value) =>
    /^card_[A-Za-z0-9_-]{1,64}$/.test(value) ? true : `The ${field} field is invalid`,
  );
