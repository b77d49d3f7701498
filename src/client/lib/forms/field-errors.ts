import { type ApiFailure, fieldErrorPath } from '../api/api-failure.ts';
import { type Text, textFor } from './rule-text.ts';

/** A form's errors, by field name (the API's property path). */
export type FieldErrors<F extends string> = Partial<Record<F, Text>>;

/**
 * The failure's errors whose property path names one of `fields`, each on its
 * field (SPEC §5: square brackets removed); null when none does.
 */
export function serverFieldErrors<F extends string>(failure: ApiFailure, fields: readonly F[]): FieldErrors<F> | null {
  const errors: FieldErrors<F> = {};
  let found = false;
  for (const item of failure.errors) {
    if (!item.propertyPath) continue;
    const path = fieldErrorPath(item.propertyPath);
    const field = fields.find((name) => name === path);
    if (field === undefined || errors[field] !== undefined) continue;
    errors[field] = textFor(item.message);
    found = true;
  }
  return found ? errors : null;
}
