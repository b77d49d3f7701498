import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { remitterApi } from '../../../domain/contract/remitter.ts';
import {
  birthDateBounds,
  type CalendarDate,
  compareDates,
  formatIsoDate,
  isAdult,
  UNDER_AGE_MESSAGE,
  utcCalendarDate,
} from '../../../domain/rules.ts';
import { call } from '../../lib/api/client.ts';
import { type Text, textFor } from '../../lib/forms/rule-text.ts';
import {
  DATE_PATTERNS,
  type DateOrder,
  dateOrderOf,
  maskDate,
  readDate,
  showDate,
} from '../../lib/forms/typed-date.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { StepForm } from './step-form.tsx';
import { useStepSave } from './use-step-save.ts';

const FIELDS = ['date_of_birth'] as const;

/** 27 March 1990, the example the hint writes in the customer's order. */
const EXAMPLE: CalendarDate = { year: 1990, month: 3, day: 27 };

/** The typed date as a birth date (SPEC §5: a real day, at most 100 years back, at least 18 years ago), or what is wrong. */
function checkBirthDate(typed: string, order: DateOrder, pattern: string): { birth: CalendarDate } | { problem: Text } {
  const birth = readDate(typed, order);
  if (birth === 'malformed') return { problem: msg`Enter the date as ${pattern}` };
  if (birth === 'impossible') return { problem: msg`There is no such day. Check the day and the month.` };
  const today = utcCalendarDate(new Date());
  const { min, max } = birthDateBounds(today);
  if (compareDates(birth, min) < 0 || compareDates(birth, max) > 0) {
    const [from, to] = [showDate(min, order), showDate(max, order)];
    return { problem: msg`The date must be between ${from} and ${to}` };
  }
  return isAdult(birth, today) ? { birth } : { problem: textFor(UNDER_AGE_MESSAGE) };
}

/** /registration-date-of-birthday: typed in the order of the customer's language, sent as YYYY-MM-DD. */
export function BirthDateScreen() {
  const { i18n } = useLingui();
  const { form, problem, submitting, save } = useStepSave(FIELDS);
  const [date, setDate] = useState('');
  const order = dateOrderOf(i18n.locale);
  const pattern = i18n._(DATE_PATTERNS[order]);
  const example = showDate(EXAMPLE, order);

  const submit = () => {
    const checked = checkBirthDate(date, order, pattern);
    if ('problem' in checked) return void form.passes({ date_of_birth: checked.problem });
    void save(() => call(remitterApi.update, { body: { date_of_birth: formatIsoDate(checked.birth) } }));
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
        hint={
          <Trans>
            {pattern}, for example {example}
          </Trans>
        }
        error={form.errorText('date_of_birth')}
      >
        {(control) => (
          <input
            {...control}
            className={inputClass}
            inputMode="numeric"
            autoComplete="bday"
            value={date}
            onChange={(event) => setDate(maskDate(event.target.value, order))}
          />
        )}
      </FormField>
    </StepForm>
  );
}
