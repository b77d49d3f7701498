import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { DEFAULT_SOURCE_COUNTRY, isSourceCountry, SOURCE_COUNTRIES } from '../../../domain/countries.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { detectedCountry } from '../detected-country.ts';
import { loadRegionNames, regionNames } from '../region-names.ts';
import { residenceCountryAtom } from '../session/onboarding-atoms.ts';

/**
 * The country a mobile number typed without its country code is read as, when the customer is not known yet
 * (sign-in, password recovery): the country of residence chosen in this tab, else the visitor's detected country
 * when Sarraf serves it, else the UK; the customer may choose another (`NumberCountryField`), as registration reads
 * a number by the country chosen there. A number typed with its "+" code ignores it.
 */
export function useNumberCountry(): [string, (country: string) => void] {
  const chosen = useAtomValue(residenceCountryAtom);
  const [country, setCountry] = useState<string | null>(null);
  const [detected, setDetected] = useState<string | null>(null);
  useEffect(() => {
    if (chosen) return;
    let wanted = true;
    detectedCountry()
      .then((code) => wanted && code && isSourceCountry(code) && setDetected(code))
      .catch(() => undefined);
    return () => {
      wanted = false;
    };
  }, [chosen]);
  return [country ?? chosen ?? detected ?? DEFAULT_SOURCE_COUNTRY, setCountry];
}

/** The choice of that country, beside the mobile number field: each served country by its name and calling code. */
export function NumberCountryField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (country: string) => void;
}) {
  const { i18n } = useLingui();
  // a language some browsers have no country names in shows them once its names arrive
  const [, namesArrived] = useState(0);
  useEffect(() => {
    void loadRegionNames(i18n.locale).then(() => namesArrived((n) => n + 1));
  }, [i18n.locale]);
  const names = regionNames(i18n.locale);
  const countries = SOURCE_COUNTRIES.map(({ iso2 }) => ({ iso2, name: names.of(iso2) })).sort((a, b) =>
    a.name.localeCompare(b.name, i18n.locale),
  );
  return (
    <FormField
      id={id}
      label={<Trans>Country of your mobile number</Trans>}
      hint={<Trans>We read a number without its country code as one of this country.</Trans>}
    >
      {(control) => (
        <select {...control} className={inputClass} value={value} onChange={(event) => onChange(event.target.value)}>
          {countries.map(({ iso2, name }) => (
            <option key={iso2} value={iso2}>
              {name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
