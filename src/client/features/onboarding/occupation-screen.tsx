import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { remitterApi } from '../../../domain/contract/remitter.ts';
import { occupationRule } from '../../../domain/remitter.ts';
import { call } from '../../lib/api/client.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { checkFields } from './check-fields.ts';
import { StepForm } from './step-form.tsx';
import { useStepSave } from './use-step-save.ts';

const FIELDS = ['occupation'] as const;

/** /occupation: what the customer does for a living, in their own words. */
export function OccupationScreen() {
  const { form, problem, submitting, save } = useStepSave(FIELDS);
  const [occupation, setOccupation] = useState('');

  const submit = () => {
    if (!form.passes(checkFields({ occupation }, { occupation: occupationRule }))) return;
    void save(() => call(remitterApi.update, { body: { occupation: occupation.trim() } }));
  };

  return (
    <StepForm
      heading={msg`Your occupation`}
      description={msg`Tell us what you do for a living.`}
      summary={form.summary}
      problem={problem}
      submitting={submitting}
      onSubmit={submit}
    >
      <FormField id={form.fieldId('occupation')} label={<Trans>Occupation</Trans>} error={form.errorText('occupation')}>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            autoComplete="organization-title"
            value={occupation}
            onChange={(event) => setOccupation(event.target.value)}
          />
        )}
      </FormField>
    </StepForm>
  );
}
