import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { remitterApi } from '../../../domain/contract/remitter.ts';
import { WORLD_COUNTRY_CODES } from '../../../domain/world-countries.ts';
import { call } from '../../lib/api/client.ts';
import { regionNames } from '../../lib/region-names.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { StepForm } from './step-form.tsx';
import { useStepSave } from './use-step-save.ts';

const FIELDS = ['nationality'] as const;

/** /registration-nationality: a country of the world, named and sorted in the customer's language. */
export function NationalityScreen() {
  const { i18n, t } = useLingui();
  const { form, problem, submitting, save } = useStepSave(FIELDS);
  const [nationality, setNationality] = useState('');
  const countries = useMemo(() => {
    const names = regionNames(i18n.locale);
    const collator = new Intl.Collator(i18n.locale);
    return WORLD_COUNTRY_CODES.map((code) => ({ code, name: names.of(code) })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
  }, [i18n.locale]);

  const submit = () => {
    if (!form.passes(nationality ? {} : { nationality: msg`Choose your nationality` })) return;
    void save(() => call(remitterApi.update, { body: { nationality } }));
  };

  return (
    <StepForm
      heading={msg`Your nationality`}
      description={msg`Choose the nationality shown on your ID document.`}
      summary={form.summary}
      problem={problem}
      submitting={submitting}
      onSubmit={submit}
    >
      <FormField
        id={form.fieldId('nationality')}
        label={<Trans>Nationality</Trans>}
        error={form.errorText('nationality')}
      >
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={nationality}
            onChange={(event) => setNationality(event.target.value)}
          >
            <option value="">{t`Choose a country`}</option>
            {countries.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </StepForm>
  );
}
