import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { remitterApi } from '../../../domain/contract/remitter.ts';
import { OCCUPATIONS } from '../../../domain/occupations.ts';
import { occupationRule } from '../../../domain/remitter.ts';
import { call } from '../../lib/api/client.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { checkFields } from './check-fields.ts';
import { OCCUPATION_NAMES } from './occupation-names.ts';
import { StepForm } from './step-form.tsx';
import { useStepSave } from './use-step-save.ts';

const FIELDS = ['occupation'] as const;
const OTHER = 'other';

/** /occupation: what the customer does for a living, from the list, or in their own words under "Other". */
export function OccupationScreen() {
  const { i18n, t } = useLingui();
  const { form, problem, submitting, save } = useStepSave(FIELDS);
  const [chosen, setChosen] = useState('');
  const [own, setOwn] = useState('');
  const occupation = chosen === OTHER ? own.trim() : chosen;
  // the field the error and the error summary point at: the list, or the own words once "Other" is chosen
  const fieldId = form.fieldId('occupation');

  const submit = () => {
    const rule = (value: string) =>
      value === '' && chosen !== OTHER ? t`Choose your occupation` : occupationRule(value);
    if (!form.passes(checkFields({ occupation }, { occupation: rule }))) return;
    void save(() => call(remitterApi.update, { body: { occupation } }));
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
      <FormField
        id={chosen === OTHER ? `${fieldId}-choice` : fieldId}
        label={<Trans>Occupation</Trans>}
        error={chosen === OTHER ? undefined : form.errorText('occupation')}
      >
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="">{t`Choose…`}</option>
            {OCCUPATIONS.map((name) => (
              <option key={name} value={name}>
                {i18n._(OCCUPATION_NAMES[name])}
              </option>
            ))}
            <option value={OTHER}>{t`Other`}</option>
          </select>
        )}
      </FormField>
      {chosen === OTHER ? (
        <FormField
          id={fieldId}
          label={<Trans>Your occupation, in your own words</Trans>}
          error={form.errorText('occupation')}
        >
          {(control) => (
            <input
              {...control}
              className={inputClass}
              autoComplete="organization-title"
              value={own}
              onChange={(event) => setOwn(event.target.value)}
            />
          )}
        </FormField>
      ) : null}
    </StepForm>
  );
}
