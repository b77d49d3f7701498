import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import type { SourceCountryView } from '../../../domain/contract/locator.ts';
import { oauthApi } from '../../../domain/contract/oauth.ts';
import { isLocale, SOURCE_LOCALE } from '../../../domain/locales.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { BANK_ID_FIELDS, checkBankId } from '../../lib/forms/account-form-checks.ts';
import { ConsentFields, useConsent } from '../../lib/forms/consent-fields.tsx';
import { serverFieldErrors } from '../../lib/forms/field-errors.ts';
import { ProblemMessage } from '../../lib/forms/problem-message.tsx';
import { type Text, textFor } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { useFieldErrors } from '../../lib/forms/use-field-errors.ts';
import { type GuestRoute, useRegistrationCaptcha } from '../../lib/oauth/registration-captcha.tsx';
import { regionNames } from '../../lib/region-names.ts';
import { signUpAgentAtom } from '../../lib/session/onboarding-atoms.ts';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { keepPendingBankId } from './bank-id-pending.ts';
import { type LeaveFor, leaveApp } from './leave-app.ts';
import { PersonalNumberField } from './personal-number-field.tsx';

interface BankIdFormProps {
  purpose: 'registration' | 'login';
  /** the countries whose bank ID may be used for it; the first is chosen at first */
  countries: readonly SourceCountryView[];
  leaveFor?: LeaveFor;
}

/**
 * Registration or sign-in with bank ID (Sweden, Norway): the country when
 * there is a choice, the personal number and, to register, consent to the
 * country's terms and privacy policy. The API starts the identification and
 * the browser goes to the provider's page, which sends it back to
 * /nets-success or /nets-fail.
 */
export function BankIdForm({ purpose, countries, leaveFor = leaveApp }: BankIdFormProps) {
  const { i18n } = useLingui();
  const form = useFieldErrors(BANK_ID_FIELDS);
  const agentCode = useAtomValue(signUpAgentAtom);
  const [iso2, setIso2] = useState(countries[0]?.iso2 ?? '');
  const [personalNumber, setPersonalNumber] = useState('');
  const registrationConsent = useConsent();
  const { acceptTerms, acceptPrivacy } = registrationConsent;
  const [problem, setProblem] = useState<Text | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const country = countries.find((candidate) => candidate.iso2 === iso2);
  const captcha = useRegistrationCaptcha('bank-id-captcha', (error) => reportUnexpected(error, setProblem));
  const regionName = regionNames(i18n.locale);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const consent = purpose === 'registration' ? { acceptTerms, acceptPrivacy } : null;
    if (!form.passes(checkBankId({ country: country?.iso2 ?? '', personalNumber, consent })) || !country) return;
    setSubmitting(true);
    try {
      const start = (route: GuestRoute | null) =>
        call(oauthApi.startBankId, {
          ...(route ?? { baseUrl: country.oauth_url }),
          body: {
            purpose,
            country: country.iso2,
            personal_number: personalNumber.trim(),
            ...(consent ? { accept_terms: acceptTerms, accept_privacy: acceptPrivacy } : {}),
            locale: isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE,
            ...(purpose === 'registration' && agentCode ? { agent_code: agentCode } : {}),
          },
        });
      // a registration past the captcha-free ones of this address passes the captcha first
      const started =
        purpose === 'registration' ? await captcha.register(country, 'bankid/init', start) : await start(null);
      // the customer must tick "I'm not a robot" first
      if (started === null) return setSubmitting(false);
      keepPendingBankId({
        token: started.bank_id_token,
        purpose,
        oauthUrl: country.oauth_url,
        middlewareUrl: country.middleware_url,
        ekyc: started._links['bankid/ekyc'] !== undefined,
      });
      leaveFor(started.redirect_url);
    } catch (error) {
      setSubmitting(false);
      const onFields = error instanceof ApiFailure ? serverFieldErrors(error, BANK_ID_FIELDS) : null;
      if (onFields) return form.fail(onFields);
      // a limit on the caller's address names no field
      if (error instanceof ApiFailure && error.status === 429) return setProblem(textFor(error.message));
      reportUnexpected(error, setProblem);
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting}>
      <ErrorSummary {...form.summary} />
      <ProblemMessage problem={problem} />
      {countries.length > 1 ? (
        <fieldset className={styles.methods} id={form.fieldId('country')}>
          <legend>
            <Trans>Country of your bank ID</Trans>
          </legend>
          {countries.map((option) => (
            <label key={option.iso2} className={styles.method}>
              <input
                type="radio"
                name="bank-id-country"
                value={option.iso2}
                checked={iso2 === option.iso2}
                onChange={() => setIso2(option.iso2)}
              />
              {regionName.of(option.iso2) ?? option.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <PersonalNumberField
        id={form.fieldId('personal_number')}
        name="personal_number"
        value={personalNumber}
        onChange={setPersonalNumber}
        error={form.errorText('personal_number')}
      />
      {purpose === 'registration' && country ? (
        <ConsentFields consent={registrationConsent} form={form} documents={country} />
      ) : null}
      {captcha.view}
      <div className={styles.actions}>
        <button type="submit" className={`${buttonClass('primary')} ${styles.submit}`} disabled={submitting}>
          {submitting ? <Trans>Opening bank ID…</Trans> : <Trans>Continue with bank ID</Trans>}
        </button>
      </div>
    </form>
  );
}
