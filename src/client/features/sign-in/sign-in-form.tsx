import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { type FormEvent, useState } from 'react';
import { signInCalls } from '../../../domain/contract/user/sign-in.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { CaptchaCheck } from '../../lib/captcha/captcha-check.tsx';
import { checkSignIn, SIGN_IN_FIELDS } from '../../lib/forms/account-form-checks.ts';
import { ContactField, type ContactMethod, useContactEntry } from '../../lib/forms/contact-field.tsx';
import { serverFieldErrors } from '../../lib/forms/field-errors.ts';
import { loadMobileRule } from '../../lib/forms/mobile-rule.ts';
import { NumberCountryField, useNumberCountry } from '../../lib/forms/number-country.tsx';
import { showText, type Text } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { useFieldErrors } from '../../lib/forms/use-field-errors.ts';
import { postSignInHref } from '../../lib/session/guards.ts';
import { startSession } from '../../lib/session/start-session.ts';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';

type FormProblem = 'not-found' | 'too-many-attempts' | 'captcha-required' | 'captcha-invalid' | { text: Text };

/**
 * E-mail (or mobile number) and password; on success the customer goes where the sign-in page
 * was asked to send them. After a few failures the API asks this device for
 * a captcha: the form then shows the captcha step and sends its token once.
 */
export function SignInForm({ redirect, method }: { redirect: string | undefined; method: ContactMethod }) {
  const { i18n } = useLingui();
  const store = useStore();
  const navigate = useNavigate();
  const form = useFieldErrors(SIGN_IN_FIELDS);

  // a number typed without its country code is read as one of this country
  const [country, setCountry] = useNumberCountry();
  // the screen keys this form by its method: the entry starts, and stays, with it
  const contact = useContactEntry({ method });
  const { email, mobile } = contact;
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const sayUnexpected = (error: unknown) => reportUnexpected(error, (text) => setProblem({ text }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (method === 'phone') await loadMobileRule();
    const found = checkSignIn({ method, email, mobile, country, password });
    if (!form.passes(found)) return;
    if (captchaAsked && captchaToken === null) return setProblem('captcha-required');
    setSubmitting(true);
    // a captcha token is good for one call
    setCaptchaToken(null);
    try {
      const credentials = { password, ...(captchaToken === null ? {} : { captcha_token: captchaToken }) };
      const signedIn =
        method === 'email'
          ? await call(signInCalls.login, { body: { ...credentials, email: email.trim() } })
          : await call(signInCalls.loginWithPhone, {
              body: { ...credentials, mobile: mobile.trim(), country },
            });
      startSession(store, signedIn);
      await navigate({ href: postSignInHref(redirect), replace: true });
    } catch (error) {
      setSubmitting(false);
      if (!(error instanceof ApiFailure)) return sayUnexpected(error);
      if (error.type === 'DisabledCustomer') return void navigate({ to: '/account-blocked' });
      if (error.type === 'CustomerNotFound') return setProblem('not-found');
      if (error.type === 'AttemptLimit') return setProblem('too-many-attempts');
      if (error.type === 'CaptchaRequired' || error.type === 'CaptchaInvalid') {
        setCaptchaAsked(true);
        return setProblem(error.type === 'CaptchaRequired' ? 'captcha-required' : 'captcha-invalid');
      }
      const onFields = serverFieldErrors(error, SIGN_IN_FIELDS);
      if (onFields) return form.fail(onFields);
      sayUnexpected(error);
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting}>
      <ErrorSummary {...form.summary} />
      {problem === 'not-found' ? (
        <InlineMessage tone="error">
          <p>
            {method === 'email' ? (
              <Trans>
                We can't find your account with those details. Check your e-mail and password and try again.
              </Trans>
            ) : (
              <Trans>
                We can't find your account with those details. Check your mobile number and password and try again.
              </Trans>
            )}
          </p>
        </InlineMessage>
      ) : problem === 'too-many-attempts' ? (
        <InlineMessage tone="error">
          <p>
            <Trans>Too many failed sign-ins. Try again later, or reset your password.</Trans>
          </p>
          <p>
            <Link to="/recovery-password">
              <Trans>Reset your password</Trans>
            </Link>
          </p>
        </InlineMessage>
      ) : problem === 'captcha-required' ? (
        <InlineMessage tone="error">
          <p>
            <Trans>Confirm that you're not a robot, then sign in again.</Trans>
          </p>
        </InlineMessage>
      ) : problem === 'captcha-invalid' ? (
        <InlineMessage tone="error">
          <p>
            <Trans>The robot check did not pass. Tick the box again, then sign in.</Trans>
          </p>
        </InlineMessage>
      ) : problem ? (
        <InlineMessage tone="error">
          <p>{showText(i18n, problem.text)}</p>
        </InlineMessage>
      ) : null}
      <ContactField entry={contact} form={form} autoComplete="username" />
      {method === 'phone' ? (
        <NumberCountryField id={`${form.fieldId('mobile')}-country`} value={country} onChange={setCountry} />
      ) : null}
      <FormField id={form.fieldId('password')} label={<Trans>Password</Trans>} error={form.errorText('password')}>
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </FormField>
      {captchaAsked ? (
        <CaptchaCheck id="sign-in-captcha" token={captchaToken} onToken={setCaptchaToken} onFailure={sayUnexpected} />
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={`${buttonClass('primary')} ${styles.submit}`} disabled={submitting}>
          {submitting ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
        </button>
        <Link to="/recovery-password">
          <Trans>Forgot your password?</Trans>
        </Link>
      </div>
    </form>
  );
}
