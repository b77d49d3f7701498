import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { type FormEvent, useId, useState } from 'react';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { login } from '../../lib/api/user.ts';
import { buttonClass } from '../../ui/button.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';
import { postSignInHref } from '../session/guards.ts';
import styles from './auth-form.module.css';
import { showText, type Text } from './auth-text.ts';
import { type FieldErrors, hasErrors, serverFieldErrors, summaryErrors } from './field-errors.ts';
import { checkSignIn, SIGN_IN_FIELDS, type SignInField } from './form-checks.ts';
import { startSession } from './start-session.ts';
import { reportUnexpected } from './unexpected-failure.ts';

type FormProblem = 'not-found' | 'too-many-attempts' | { text: Text };

/** E-mail and password; on success the customer goes where the sign-in page was asked to send them. */
export function SignInForm({ redirect }: { redirect: string | undefined }) {
  const { i18n } = useLingui();
  const store = useStore();
  const navigate = useNavigate();
  const id = useId();
  const fieldId = (field: SignInField) => `${id}-${field}`;

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<SignInField>>({});
  const [attempt, setAttempt] = useState(0);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const fail = (next: FieldErrors<SignInField>) => {
    setErrors(next);
    setAttempt((count) => count + 1);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const found = checkSignIn({ email, password });
    if (hasErrors(found)) return fail(found);
    setErrors({});
    setSubmitting(true);
    try {
      const signedIn = await login({ email: email.trim(), password });
      startSession(store, signedIn);
      await navigate({ href: postSignInHref(redirect), replace: true });
    } catch (error) {
      setSubmitting(false);
      if (!(error instanceof ApiFailure)) return reportUnexpected(error, (text) => setProblem({ text }));
      if (error.type === 'DisabledCustomer') return void navigate({ to: '/account-blocked' });
      if (error.type === 'CustomerNotFound') return setProblem('not-found');
      if (error.type === 'AttemptLimit') return setProblem('too-many-attempts');
      const onFields = serverFieldErrors(error, SIGN_IN_FIELDS);
      if (onFields) return fail(onFields);
      reportUnexpected(error, (text) => setProblem({ text }));
    }
  };

  const errorText = (field: SignInField) => {
    const text = errors[field];
    return text === undefined ? undefined : showText(i18n, text);
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting}>
      <ErrorSummary errors={summaryErrors(i18n, errors, SIGN_IN_FIELDS, fieldId)} attempt={attempt} />
      {problem === 'not-found' ? (
        <InlineMessage tone="error">
          <p>
            <Trans>We can't find your account with those details. Check your e-mail and password and try again.</Trans>
          </p>
        </InlineMessage>
      ) : problem === 'too-many-attempts' ? (
        <InlineMessage tone="error">
          <p>
            <Trans>Too many failed sign-ins. Wait 15 minutes and try again, or reset your password.</Trans>
          </p>
          <p>
            <Link to="/recovery-password">
              <Trans>Reset your password</Trans>
            </Link>
          </p>
        </InlineMessage>
      ) : problem ? (
        <InlineMessage tone="error">
          <p>{showText(i18n, problem.text)}</p>
        </InlineMessage>
      ) : null}
      <FormField id={fieldId('email')} label={<Trans>E-mail address</Trans>} error={errorText('email')}>
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            spellCheck={false}
            autoCapitalize="none"
            className={inputClass}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </FormField>
      <FormField id={fieldId('password')} label={<Trans>Password</Trans>} error={errorText('password')}>
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
