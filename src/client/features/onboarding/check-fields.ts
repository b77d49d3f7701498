import type { RuleResult } from '../../../domain/rules.ts';
import type { FieldErrors } from '../../lib/forms/field-errors.ts';
import { textFor } from '../../lib/forms/rule-text.ts';

/** Each field's value against its domain rule, before anything is sent: the rules' messages, translated. */
export function checkFields<F extends string>(
  values: Record<F, string>,
  rules: Partial<Record<F, (value: string) => RuleResult>>,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(rules) as F[]) {
    const result = rules[field]?.(values[field]);
    if (result !== undefined && result !== true) errors[field] = textFor(result);
  }
  return errors;
}
