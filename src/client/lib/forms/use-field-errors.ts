import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import type { SummaryError } from '../../ui/error-summary.tsx';
import type { FieldErrors } from './field-errors.ts';
import { showText } from './rule-text.ts';

/**
 * A form's field errors: each field's id, its error text, the error summary's
 * entries and the failed-submit count the summary takes focus on.
 */
export function useFieldErrors<F extends string>(fields: readonly F[]) {
  const { i18n } = useLingui();
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [attempt, setAttempt] = useState(0);
  const fieldId = (field: F) => `${id}-${field}`;
  const errorText = (field: F): string | undefined => {
    const text = errors[field];
    return text === undefined ? undefined : showText(i18n, text);
  };
  const fail = (next: FieldErrors<F>) => {
    setErrors(next);
    setAttempt((count) => count + 1);
  };
  const summaryErrors: SummaryError[] = fields.flatMap((field) => {
    const message = errorText(field);
    return message === undefined ? [] : [{ fieldId: fieldId(field), message }];
  });

  return {
    fieldId,
    errorText,
    /** Shows `next` and moves focus to the summary (a failed submit). */
    fail,
    clear: () => setErrors({}),
    /** True when the form's own checks found nothing (earlier errors are cleared); else shows what they found. */
    passes: (found: FieldErrors<F>): boolean => {
      if (Object.keys(found).length > 0) {
        fail(found);
        return false;
      }
      setErrors({});
      return true;
    },
    /** The props of the form's ErrorSummary. */
    summary: { errors: summaryErrors, attempt },
  };
}
