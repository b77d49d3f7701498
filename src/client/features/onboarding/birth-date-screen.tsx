import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { remitterApi } from '../../../domain/contract/remitter.ts';
import { dayMonthYearToIso } from '../../../domain/remitter.ts';
import { birthDateRule, utcCalendarDate } from '../../../domain/rules.ts';
import { call } from '../../lib/api/client.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { checkFields } from './check-fields.ts';
import { StepForm } from './step-form.tsx';
import { useStepSave } from './use-step-save.ts';

const FIELDS = ['date_of_birth'] as const;

/** What the date field keeps of typed text: digits, with the slashes of DD/MM/YYYY put in as they are typed. */
function typedDate(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** /registration-date-of-birthday: DD/MM/YYYY, a real day, at least 18 years ago (SPEC §5). */
export function BirthDateScreen() {
  const { form, problem, submitting, save } = useStepSave(FIELDS);
  const [date, setDate] = useState('');

  const submit = () => {
    const rule = (value: string) => birthDateRule(value, utcCalendarDate(new Date()));
    if (!form.passes(checkFields({ date_of_birth: date }, { date_of_birth: rule }))) return;
    void save(() => call(remitterApi.update, { body: { date_of_birth: dayMonthYearToIso(date) } }));
  };

  return (
    <StepForm
      heading={msg`Your date of birth`}
      description={msg`You must be at least 18 years old to register.`}
      summary={form.summary}
      problem={problem}
      submitting={submitting}
      onSubmit={submit}
    >
      <FormField
        id={form.fieldId('date_of_birth')}
        label={<Trans>Date of birth</Trans>}
        hint={<Trans>DD/MM/YYYY, for example 27/03/1990</Trans>}
        error={form.errorText('date_of_birth')}
      >
        {(control) => (
          <input
            {...control}
            className={inputClass}
            inputMode="numeric"
            autoComplete="bday"
            value={date}
            onChange={(event) => setDate(typedDate(event.target.value))}
          />
        )}
      </FormField>
    </StepForm>
  );
}
