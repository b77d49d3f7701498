import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { remitterApi } from '../../../domain/contract/remitter.ts';
import { personNameRule, withoutDigits } from '../../../domain/rules.ts';
import { call } from '../../lib/api/client.ts';
import { userAtom } from '../../lib/session/user-data.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { checkFields } from './check-fields.ts';
import { StepForm } from './step-form.tsx';
import { useStepSave } from './use-step-save.ts';

const FIELDS = ['first_name', 'surname'] as const;

/** /registration-name: first name and surname, digits blocked as typed; the first save creates the remitter. */
export function NameScreen() {
  const user = useAtomValue(userAtom);
  const { form, problem, submitting, save } = useStepSave(FIELDS);
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [surname, setSurname] = useState(user?.lastName ?? '');

  const submit = () => {
    const values = { first_name: firstName.trim(), surname: surname.trim() };
    if (!form.passes(checkFields(values, { first_name: personNameRule, surname: personNameRule }))) return;
    // the record exists once this step has been saved; Back to it (or the checks sending the customer back to
    // correct the name) then changes the name
    const creating = user?.redirect_to_full === 'registration-name' && user.firstName === null;
    void save(() => call(creating ? remitterApi.create : remitterApi.update, { body: values }));
  };

  return (
    <StepForm
      heading={msg`Your name`}
      description={msg`Enter your name exactly as it appears on your ID document.`}
      summary={form.summary}
      problem={problem}
      submitting={submitting}
      onSubmit={submit}
    >
      <FormField id={form.fieldId('first_name')} label={<Trans>First name</Trans>} error={form.errorText('first_name')}>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            autoComplete="given-name"
            value={firstName}
            onChange={(event) => setFirstName(withoutDigits(event.target.value))}
          />
        )}
      </FormField>
      <FormField id={form.fieldId('surname')} label={<Trans>Surname</Trans>} error={form.errorText('surname')}>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            autoComplete="family-name"
            value={surname}
            onChange={(event) => setSurname(withoutDigits(event.target.value))}
          />
        )}
      </FormField>
    </StepForm>
  );
}
