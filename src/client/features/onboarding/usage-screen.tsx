import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { remitterApi } from '../../../domain/contract/remitter.ts';
import { isPurposeOfAccount, REASONS_OF_USAGE } from '../../../domain/remitter.ts';
import { call } from '../../lib/api/client.ts';
import type { FieldErrors } from '../../lib/forms/field-errors.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import { StepForm } from './step-form.tsx';
import { PURPOSE_NAMES, REASON_NAMES } from './usage-names.ts';
import { useOptions } from './use-options.ts';
import { useStepSave } from './use-step-save.ts';

const FIELDS = ['reason_of_usage', 'purpose_of_account'] as const;

const loadPurposes = () => call(remitterApi.purposesOfAccount);

/** /registration-reason-of-usage: why the customer will use the account, and its purpose. */
export function UsageScreen() {
  const { i18n, t } = useLingui();
  const purposes = useOptions(loadPurposes);
  const { form, problem, submitting, save } = useStepSave(FIELDS);
  const [reason, setReason] = useState('');
  const [purpose, setPurpose] = useState('');

  if (purposes.state === 'loading') return <LoaderOverlay type="text">{t`Loading…`}</LoaderOverlay>;
  if (purposes.state === 'failed')
    return <LoadFailed onRetry={purposes.retry}>{t`We could not load this page.`}</LoadFailed>;

  const submit = () => {
    const reasonOfUsage = REASONS_OF_USAGE.find((code) => code === reason);
    const found: FieldErrors<(typeof FIELDS)[number]> = {};
    if (!reasonOfUsage) found.reason_of_usage = msg`Choose a reason`;
    if (!isPurposeOfAccount(purpose)) found.purpose_of_account = msg`Choose the purpose of your account`;
    if (!form.passes(found) || !reasonOfUsage || !isPurposeOfAccount(purpose)) return;
    const body = { reason_of_usage: reasonOfUsage, purpose_of_account: purpose };
    void save(() => call(remitterApi.update, { body }));
  };

  return (
    <StepForm
      heading={msg`Why will you use your account?`}
      description={msg`Tell us the main reason, for example family support, bills or savings.`}
      summary={form.summary}
      problem={problem}
      submitting={submitting}
      onSubmit={submit}
    >
      <ChoiceGroup
        name={form.fieldId('reason_of_usage')}
        legend={<Trans>Reason of usage</Trans>}
        error={form.errorText('reason_of_usage')}
        options={REASONS_OF_USAGE.map((code) => ({ value: code, label: i18n._(REASON_NAMES[code]) }))}
        value={reason}
        onChange={setReason}
      />
      <ChoiceGroup
        name={form.fieldId('purpose_of_account')}
        legend={<Trans>Purpose of account</Trans>}
        error={form.errorText('purpose_of_account')}
        options={purposes.items.map(({ code, name }) => ({
          value: code,
          label: isPurposeOfAccount(code) ? i18n._(PURPOSE_NAMES[code]) : name,
        }))}
        value={purpose}
        onChange={setPurpose}
      />
    </StepForm>
  );
}
