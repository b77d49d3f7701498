import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { type ReactNode, useState } from 'react';
import { remitterApi } from '../../../domain/contract/remitter.ts';
import { cityRule, postcodeRule, streetRule } from '../../../domain/remitter.ts';
import { call } from '../../lib/api/client.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { pickedAddressAtom } from './address-atoms.ts';
import { checkFields } from './check-fields.ts';
import { StepForm } from './step-form.tsx';
import { useOptions } from './use-options.ts';
import { useStepSave } from './use-step-save.ts';

const FIELDS = ['street', 'city', 'postcode', 'province'] as const;
type Field = (typeof FIELDS)[number];
/** as the API names them in its field errors */
const ADDRESS_FIELDS = FIELDS.map((field) => `address.${field}` as const);

const loadProvinces = () => call(remitterApi.provinces);

/**
 * /address: the home address, filled in from the address search or typed;
 * a province or state chosen from the country's list where it has one.
 */
export function AddressScreen() {
  const { t } = useLingui();
  const picked = useAtomValue(pickedAddressAtom);
  const provinces = useOptions(loadProvinces);
  const { form, problem, submitting, save } = useStepSave(ADDRESS_FIELDS);
  const [values, setValues] = useState<Record<Field, string>>({
    street: picked?.street ?? '',
    city: picked?.city ?? '',
    postcode: picked?.postcode ?? '',
    province: picked?.province ?? '',
  });
  const hasProvinces = provinces.state === 'ready' && provinces.items.length > 0;

  if (provinces.state === 'loading') return <LoaderOverlay type="text">{t`Loading…`}</LoaderOverlay>;
  if (provinces.state === 'failed')
    return <LoadFailed onRetry={provinces.retry}>{t`We could not load this page.`}</LoadFailed>;

  const submit = () => {
    const found = checkFields(values, { street: streetRule, city: cityRule, postcode: postcodeRule });
    if (hasProvinces && !values.province) found.province = msg`Choose your province or state`;
    const prefixed = Object.fromEntries(Object.entries(found).map(([field, text]) => [`address.${field}`, text]));
    if (!form.passes(prefixed)) return;
    const address = {
      street: values.street.trim(),
      city: values.city.trim(),
      postcode: values.postcode.trim(),
      province: hasProvinces ? values.province : null,
    };
    void save(() => call(remitterApi.update, { body: { address } }));
  };

  const field = (name: Field, label: ReactNode, autoComplete: string) => (
    <FormField id={form.fieldId(`address.${name}`)} label={label} error={form.errorText(`address.${name}`)}>
      {(control) => (
        <input
          {...control}
          className={inputClass}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        />
      )}
    </FormField>
  );

  return (
    <StepForm
      heading={msg`Enter your address`}
      description={msg`Type your home address as it appears on your documents.`}
      summary={form.summary}
      problem={problem}
      submitting={submitting}
      onSubmit={submit}
    >
      {field('street', <Trans>Street and house number</Trans>, 'street-address')}
      {field('city', <Trans>City</Trans>, 'address-level2')}
      {field('postcode', <Trans>Postcode</Trans>, 'postal-code')}
      {hasProvinces ? (
        <FormField
          id={form.fieldId('address.province')}
          label={<Trans>Province or state</Trans>}
          error={form.errorText('address.province')}
        >
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={values.province}
              onChange={(event) => setValues({ ...values, province: event.target.value })}
            >
              <option value="">{t`Choose a province or state`}</option>
              {provinces.items.map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
    </StepForm>
  );
}
