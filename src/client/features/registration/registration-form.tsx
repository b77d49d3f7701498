import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import type { SourceCountryView } from '../../../domain/contract/locator.ts';
import { oauthApi } from '../../../domain/contract/oauth.ts';
import { isLocale, SOURCE_LOCALE } from '../../../domain/locales.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { checkRegistration, REGISTRATION_FIELDS } from '../../lib/forms/account-form-checks.ts';
import { ConsentFields, useConsent } from '../../lib/forms/consent-fields.tsx';
import { ContactField, useContactEntry } from '../../lib/forms/contact-field.tsx';
import { serverFieldErrors } from '../../lib/forms/field-errors.ts';
import { loadMobileRule } from '../../lib/forms/mobile-rule.ts';
import { ProblemMessage } from '../../lib/forms/problem-message.tsx';
import { type Text, textFor } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { useFieldErrors } from '../../lib/forms/use-field-errors.ts';
import { nextScreen } from '../../lib/oauth/oauth-links.ts';
import { useRegistrationCaptcha } from '../../lib/oauth/registration-captcha.tsx';
import { regionNames } from '../../lib/region-names.ts';
import { signUpAgentAtom } from '../../lib/session/onboarding-atoms.ts';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';
import { pendingRegistrationAtom, registrationDraftAtom } from './registration-atoms.ts';

/**
 * E-mail address or mobile number, password and consent to the country's
 * terms and privacy policy. Checked with the domain rules first; the API
 * then e-mails or texts a code, and the registration waits for it on
 * /email-verification or /phone-verification.
 */
export function RegistrationForm({ country }: { country: SourceCountryView }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const form = useFieldErrors(REGISTRATION_FIELDS);
  const [draft, setDraft] = useAtom(registrationDraftAtom);
  const setPending = useSetAtom(pendingRegistrationAtom);
  const agentCode = useAtomValue(signUpAgentAtom);

  const contact = useContactEntry(draft);
  const { method, email, mobile } = contact;
  const [password, setPassword] = useState('');
  const consent = useConsent(draft);
  const { acceptTerms, acceptPrivacy } = consent;
  const [accountExists, setAccountExists] = useState(false);
  const [problem, setProblem] = useState<Text | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const captcha = useRegistrationCaptcha('registration-captcha', (error) => reportUnexpected(error, setProblem));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    setAccountExists(false);
    if (method === 'phone') await loadMobileRule();
    const found = checkRegistration({
      method,
      email,
      mobile,
      country: country.iso2,
      password,
      acceptTerms,
      acceptPrivacy,
    });
    if (!form.passes(found)) return;
    setSubmitting(true);
    const destination = method === 'email' ? email.trim() : mobile.trim();
    setDraft({ method, email: email.trim(), mobile: mobile.trim(), acceptTerms, acceptPrivacy });
    try {
      const details = {
        password,
        country: country.iso2,
        accept_terms: acceptTerms,
        accept_privacy: acceptPrivacy,
        locale: isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE,
        ...(agentCode ? { agent_code: agentCode } : {}),
      };
      // past the captcha-free registrations of this address, the captcha passed first (a guest's bearer)
      const sent = await captcha.register(country, method === 'email' ? 'email/send' : 'otp/send', (route) => {
        const where = route ?? { baseUrl: country.oauth_url };
        return method === 'email'
          ? call(oauthApi.sendEmailCode, { ...where, body: { ...details, email: destination } })
          : call(oauthApi.sendPhoneCode, { ...where, body: { ...details, mobile: destination } });
      });
      // the customer must tick "I'm not a robot" first
      if (sent === null) return setSubmitting(false);
      setPending({
        registrationToken: sent.registration_token,
        method,
        destination,
        oauthUrl: country.oauth_url,
        middlewareUrl: country.middleware_url,
        resendAvailableAt: Date.parse(sent.resend_available_at),
        links: sent._links,
      });
      // the answer's links name the next step: the code screen of the channel the code went to
      await navigate({ to: nextScreen(sent._links) });
    } catch (error) {
      setSubmitting(false);
      const onFields = error instanceof ApiFailure ? serverFieldErrors(error, REGISTRATION_FIELDS) : null;
      // a limit on the caller's address names no field
      if (!onFields && error instanceof ApiFailure && error.status === 429) return setProblem(textFor(error.message));
      if (!onFields) return reportUnexpected(error, setProblem);
      setAccountExists(error instanceof ApiFailure && error.type === 'CustomerAlreadyExists');
      form.fail(onFields);
    }
  };

  const countryName = regionNames(i18n.locale).of(country.iso2);

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting}>
      <ErrorSummary {...form.summary} />
      <ProblemMessage problem={problem} />
      <p className={styles.muted}>
        <Trans>Country of residence: {countryName}</Trans>{' '}
        <Link to="/country-of-residence">
          <Trans>Change country</Trans>
        </Link>
      </p>
      <ContactField entry={contact} form={form} autoComplete="new" choice={<Trans>Register with</Trans>} />
      {accountExists ? (
        <p className={styles.afterField}>
          <Link to="/sign-in">
            <Trans>Sign in instead</Trans>
          </Link>
        </p>
      ) : null}
      <FormField
        id={form.fieldId('password')}
        label={<Trans>Password</Trans>}
        hint={<Trans>A number and letter, and at least 6 characters.</Trans>}
        error={form.errorText('password')}
      >
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </FormField>
      <ConsentFields consent={consent} form={form} documents={country} />
      {captcha.view}
      <div className={styles.actions}>
        <button type="submit" className={`${buttonClass('primary')} ${styles.submit}`} disabled={submitting}>
          {submitting ? <Trans>Sending your code…</Trans> : <Trans>Continue</Trans>}
        </button>
      </div>
    </form>
  );
}
