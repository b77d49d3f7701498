import { useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { useState } from 'react';
import type { RemitterDetails } from '../../../domain/contract/remitter.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { serverFieldErrors } from '../../lib/forms/field-errors.ts';
import type { Text } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { useFieldErrors } from '../../lib/forms/use-field-errors.ts';
import { landingPath } from '../../lib/session/guards.ts';
import { loadUserDataAfterChange, userAtom } from '../../lib/session/user-data.ts';

/**
 * Saving one onboarding step: the form's field errors (the server's on their
 * field), a problem to say above the form, and `save`, which sends the step
 * and then opens the step the server names next, or home once the record is
 * complete (after asking for the customer afresh, as also when nothing had described them yet).
 */
export function useStepSave<F extends string>(fields: readonly F[]) {
  const store = useStore();
  const navigate = useNavigate();
  const form = useFieldErrors(fields);
  const [problem, setProblem] = useState<Text | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const save = async (send: () => Promise<RemitterDetails>) => {
    setProblem(null);
    setSubmitting(true);
    try {
      const saved = await send();
      const user = store.get(userAtom);
      // not yet described (a step saved moments after a reload): the guard of the next step must not find the old one
      if (saved.next_step === null || user === null) await loadUserDataAfterChange(store);
      else store.set(userAtom, { ...user, redirect_to_full: saved.next_step });
      await navigate({ to: landingPath(saved.next_step) });
    } catch (error) {
      setSubmitting(false);
      const onFields = error instanceof ApiFailure ? serverFieldErrors(error, fields) : null;
      if (onFields) return form.fail(onFields);
      reportUnexpected(error, setProblem);
    }
  };

  return { form, problem, submitting, save };
}
