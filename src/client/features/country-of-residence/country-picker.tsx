import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { locatorApi, type SourceCountryList, type SourceCountryView } from '../../../domain/contract/locator.ts';
import { SOURCE_COUNTRIES } from '../../../domain/countries.ts';
import { call } from '../../lib/api/client.ts';
import { detectedCountry } from '../../lib/detected-country.ts';
import { regionNames } from '../../lib/region-names.ts';
import { residenceCountryAtom } from '../../lib/session/onboarding-atoms.ts';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import pickerStyles from './country-of-residence.module.css';

export interface Countries {
  served: SourceCountryList;
  /** where the visitor seems to be, when that is a country we serve */
  detected: string | null;
}

/** The countries we serve, and the one the visitor seems to be in. */
export async function loadCountries(signal: AbortSignal): Promise<Countries> {
  const [served, code] = await Promise.all([call(locatorApi.listSourceCountries, { signal }), detectedCountry()]);
  return { served, detected: served.some((country) => country.iso2 === code) ? code : null };
}

/**
 * The country-of-residence picker of registration and sign-in: the country
 * chosen before (or else the detected one) to start with; the choice is
 * remembered as the residence and handed to `onChosen`. While `countries`
 * is null (loading) it keeps its shape with one empty row per country we
 * expect, so nothing below it moves when they arrive.
 */
export function CountryForm({
  countries,
  onChosen,
}: {
  countries: Countries | null;
  onChosen: (country: SourceCountryView) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const [residence, setResidence] = useAtom(residenceCountryAtom);
  const [choice, setChoice] = useState(() =>
    countries?.served.some((country) => country.iso2 === residence) ? residence : (countries?.detected ?? null),
  );
  const [attempt, setAttempt] = useState(0);
  const [missing, setMissing] = useState(false);

  const named = useMemo(() => {
    const names = regionNames(i18n.locale);
    const collator = new Intl.Collator(i18n.locale);
    return (countries?.served ?? [])
      .map((country) => ({ iso2: country.iso2, name: names.of(country.iso2) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [countries, i18n.locale]);
  const optionId = (iso2: string) => `${id}-${iso2}`;
  const firstOption = named[0] ? optionId(named[0].iso2) : id;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = countries?.served.find((country) => country.iso2 === choice);
    if (!chosen) {
      setMissing(true);
      setAttempt((count) => count + 1);
      return;
    }
    setResidence(chosen.iso2);
    onChosen(chosen);
  };

  const missingText = i18n._(msg`Choose the country you live in`);
  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary errors={missing ? [{ fieldId: firstOption, message: missingText }] : []} attempt={attempt} />
      <fieldset className={pickerStyles.fieldset} aria-describedby={missing ? errorId : undefined}>
        <legend className={pickerStyles.legend}>
          <Trans>Where do you live?</Trans>
        </legend>
        {missing ? (
          <p id={errorId} className={pickerStyles.error}>
            {missingText}
          </p>
        ) : null}
        {countries ? null : (
          <span role="status" className="visually-hidden">
            <Trans>Loading the countries we serve…</Trans>
          </span>
        )}
        <ul className={pickerStyles.countries}>
          {countries
            ? null
            : SOURCE_COUNTRIES.map((country) => (
                <li
                  key={country.iso2}
                  aria-hidden="true"
                  className={`${pickerStyles.country} ${pickerStyles.placeholder}`}
                />
              ))}
          {named.map((country) => (
            <li key={country.iso2}>
              <label className={pickerStyles.country} htmlFor={optionId(country.iso2)}>
                <input
                  id={optionId(country.iso2)}
                  type="radio"
                  name="country"
                  value={country.iso2}
                  checked={choice === country.iso2}
                  onChange={() => {
                    setChoice(country.iso2);
                    setMissing(false);
                  }}
                />
                {country.name}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <button type="submit" className={`${buttonClass('primary')} ${styles.submit}`} disabled={!countries}>
        <Trans>Continue</Trans>
      </button>
    </form>
  );
}
