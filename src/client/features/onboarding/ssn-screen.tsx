import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { remitterApi } from '../../../domain/contract/remitter.ts';
import { signUpCalls } from '../../../domain/contract/user/sign-up.ts';
import { ssnRule } from '../../../domain/remitter.ts';
import { call } from '../../lib/api/client.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { checkFields } from './check-fields.ts';
import { StepForm } from './step-form.tsx';
import { useOptions } from './use-options.ts';
import { useStepSave } from './use-step-save.ts';

const FIELDS = ['usa_state', 'ssn'] as const;

const loadStates = () => call(signUpCalls.listUsaStates);

/** /ssn, for US residents: their state and Social Security number (only its last four digits are kept). */
export function SsnScreen() {
  const { t } = useLingui();
  const states = useOptions(loadStates);
  const { form, problem, submitting, save } = useStepSave(FIELDS);
  const [usaState, setUsaState] = useState('');
  const [ssn, setSsn] = useState('');

  if (states.state === 'loading') return <LoaderOverlay type="text">{t`Loading…`}</LoaderOverlay>;
  if (states.state === 'failed')
    return <LoadFailed onRetry={states.retry}>{t`We could not load this page.`}</LoadFailed>;

  const submit = () => {
    const found = checkFields({ usa_state: usaState, ssn: ssn.trim() }, { ssn: ssnRule });
    if (!usaState) found.usa_state = msg`Choose your state`;
    if (!form.passes(found)) return;
    void save(() => call(remitterApi.update, { body: { usa_state: usaState, ssn: ssn.trim() } }));
  };

  return (
    <StepForm
      heading={msg`Social Security number`}
      description={msg`We need your Social Security number to confirm your identity.`}
      summary={form.summary}
      problem={problem}
      submitting={submitting}
      onSubmit={submit}
    >
      <FormField id={form.fieldId('usa_state')} label={<Trans>State</Trans>} error={form.errorText('usa_state')}>
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={usaState}
            onChange={(event) => setUsaState(event.target.value)}
          >
            <option value="">{t`Choose your state`}</option>
            {states.items
              .filter((state) => state.is_active)
              .map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
          </select>
        )}
      </FormField>
      <FormField
        id={form.fieldId('ssn')}
        label={<Trans>Social Security number</Trans>}
        hint={<Trans>9 digits, for example 123-45-6789</Trans>}
        error={form.errorText('ssn')}
      >
        {(control) => (
          <input
            {...control}
            className={inputClass}
            inputMode="numeric"
            autoComplete="off"
            value={ssn}
            onChange={(event) => setSsn(event.target.value)}
          />
        )}
      </FormField>
    </StepForm>
  );
}
