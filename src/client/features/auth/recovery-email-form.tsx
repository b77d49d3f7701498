import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { userApi } from '../../../domain/contract/user.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { serverFieldErrors } from '../../lib/forms/field-errors.ts';
import { type Text, textFor } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { useFieldErrors } from '../../lib/forms/use-field-errors.ts';
import { buttonClass } from '../../ui/button.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import styles from './auth-form.module.css';
import { EmailField } from './email-field.tsx';
import { checkRecoveryEmail, RECOVERY_EMAIL_FIELDS } from './form-checks.ts';
import { ProblemMessage } from './problem-message.tsx';

export const TOO_SOON = msg`We sent you a code less than a minute ago. Wait a moment, then ask for a new one.`;

/**
 * The first step of a password recovery: the account's e-mail. The API
 * answers alike whether or not someone has it, and so does this form.
 */
export function RecoveryEmailForm({ onSent }: { onSent: (email: string, resendAvailableAt: number) => void }) {
  const form = useFieldErrors(RECOVERY_EMAIL_FIELDS);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<Text | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (!form.passes(checkRecoveryEmail(email))) return;
    setSubmitting(true);
    try {
      const times = await call(userApi.resetPassword, { body: { email: email.trim() } });
      onSent(email.trim(), Date.parse(times.resend_available_at));
    } catch (error) {
      setSubmitting(false);
      if (!(error instanceof ApiFailure)) return reportUnexpected(error, setProblem);
      const onFields = serverFieldErrors(error, RECOVERY_EMAIL_FIELDS);
      if (onFields) return form.fail(onFields);
      if (error.type === 'OTPAlreadySent' || error.type === 'EmailDDOS') {
        return setProblem(error.type === 'EmailDDOS' ? textFor(error.message) : TOO_SOON);
      }
      reportUnexpected(error, setProblem);
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting}>
      <ErrorSummary {...form.summary} />
      <ProblemMessage problem={problem} />
      <EmailField
        id={form.fieldId('email')}
        error={form.errorText('email')}
        value={email}
        onChange={setEmail}
        autoComplete="username"
      />
      <div className={styles.actions}>
        <button type="submit" className={`${buttonClass('primary')} ${styles.submit}`} disabled={submitting}>
          {submitting ? <Trans>Sending…</Trans> : <Trans>Send code</Trans>}
        </button>
        <Link to="/sign-in">
          <Trans>Back to sign in</Trans>
        </Link>
      </div>
    </form>
  );
}
