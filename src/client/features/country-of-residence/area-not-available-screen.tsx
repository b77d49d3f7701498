import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { signUpCalls } from '../../../domain/contract/user/sign-up.ts';
import type { LaunchInterestSaved } from '../../../domain/contract/user.ts';
import { isSourceCountry } from '../../../domain/countries.ts';
import { isLocale, SOURCE_LOCALE } from '../../../domain/locales.ts';
import { WORLD_COUNTRY_CODES } from '../../../domain/world-countries.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { countryInText } from '../../lib/country-in-text.ts';
import { detectedCountry } from '../../lib/detected-country.ts';
import { checkLaunchInterest, LAUNCH_INTEREST_FIELDS } from '../../lib/forms/account-form-checks.ts';
import { EmailField } from '../../lib/forms/contact-field.tsx';
import { serverFieldErrors } from '../../lib/forms/field-errors.ts';
import { ProblemMessage } from '../../lib/forms/problem-message.tsx';
import { type Text, textFor } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { useFieldErrors } from '../../lib/forms/use-field-errors.ts';
import { regionNames } from '../../lib/region-names.ts';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

/** The countries Sarraf does not serve yet, named and sorted in the interface language. */
function useUnservedCountries(locale: string) {
  return useMemo(() => {
    const names = regionNames(locale);
    const collator = new Intl.Collator(locale);
    return WORLD_COUNTRY_CODES.filter((code) => !isSourceCountry(code))
      .map((code) => ({ code, name: names.of(code) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [locale]);
}

/**
 * /area-not-available: someone whose country Sarraf does not serve leaves an
 * e-mail (and, if they like, their name) to hear when it launches there.
 */
export function AreaNotAvailableScreen() {
  const [saved, setSaved] = useState<LaunchInterestSaved | null>(null);
  return (
    <>
      <ScreenIntro
        heading={msg`Not available in your area yet`}
        description={msg`Leave your details and we will tell you as soon as we launch where you live.`}
      />
      {saved ? <Saved saved={saved} /> : <LaunchInterestForm onSaved={setSaved} />}
      <p className={styles.after}>
        <Link to="/country-of-residence">
          <Trans>Back to the countries we serve</Trans>
        </Link>
      </p>
    </>
  );
}

function Saved({ saved }: { saved: LaunchInterestSaved }) {
  const { i18n } = useLingui();
  const country = countryInText(i18n.locale, saved.country);
  const { email } = saved;
  return (
    <InlineMessage tone="news">
      <p>
        <Trans>
          Thank you. We will e-mail {email} as soon as Sarraf launches in {country}.
        </Trans>
      </p>
    </InlineMessage>
  );
}

function LaunchInterestForm({ onSaved }: { onSaved: (saved: LaunchInterestSaved) => void }) {
  const { i18n } = useLingui();
  const form = useFieldErrors(LAUNCH_INTEREST_FIELDS);
  const countries = useUnservedCountries(i18n.locale);
  const [country, setCountry] = useState('');
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<Text | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    void detectedCountry().then((code) => {
      if (!controller.signal.aborted && code && !isSourceCountry(code)) setCountry((chosen) => chosen || code);
    });
    return () => controller.abort();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (!form.passes(checkLaunchInterest({ country, fullName, email }))) return;
    setSubmitting(true);
    const name = fullName.trim();
    try {
      onSaved(
        await call(signUpCalls.registerLaunchInterest, {
          body: {
            country,
            email: email.trim(),
            ...(name ? { full_name: name } : {}),
            locale: isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE,
          },
        }),
      );
    } catch (error) {
      setSubmitting(false);
      const onFields = error instanceof ApiFailure ? serverFieldErrors(error, LAUNCH_INTEREST_FIELDS) : null;
      if (onFields) return form.fail(onFields);
      if (error instanceof ApiFailure && error.status === 429) return setProblem(textFor(error.message));
      reportUnexpected(error, setProblem);
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting}>
      <ErrorSummary {...form.summary} />
      <ProblemMessage problem={problem} />
      <FormField
        id={form.fieldId('country')}
        label={<Trans>Country you live in</Trans>}
        error={form.errorText('country')}
      >
        {(control) => (
          <select
            {...control}
            name="country"
            autoComplete="country"
            className={inputClass}
            value={country}
            onChange={(event) => setCountry(event.target.value)}
          >
            <option value="">{i18n._(msg`Choose a country`)}</option>
            {countries.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id={form.fieldId('full_name')}
        label={<Trans>Full name (optional)</Trans>}
        error={form.errorText('full_name')}
      >
        {(control) => (
          <input
            {...control}
            name="full_name"
            autoComplete="name"
            className={inputClass}
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
          />
        )}
      </FormField>
      <EmailField
        id={form.fieldId('email')}
        error={form.errorText('email')}
        value={email}
        onChange={setEmail}
        autoComplete="email"
      />
      <p className={styles.muted}>
        <Trans>We use your e-mail only to tell you when we launch in your country.</Trans>
      </p>
      <div className={styles.actions}>
        <button type="submit" className={`${buttonClass('primary')} ${styles.submit}`} disabled={submitting}>
          {submitting ? <Trans>Sending…</Trans> : <Trans>Notify me</Trans>}
        </button>
      </div>
    </form>
  );
}
