import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { passwordCalls } from '../../../domain/contract/user/password.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { checkRecoveryContact, RECOVERY_FIELDS } from '../../lib/forms/account-form-checks.ts';
import { ContactField, useContactEntry } from '../../lib/forms/contact-field.tsx';
import { serverFieldErrors } from '../../lib/forms/field-errors.ts';
import { loadMobileRule } from '../../lib/forms/mobile-rule.ts';
import { NumberCountryField, useNumberCountry } from '../../lib/forms/number-country.tsx';
import { ProblemMessage } from '../../lib/forms/problem-message.tsx';
import { type Text, textFor } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { useFieldErrors } from '../../lib/forms/use-field-errors.ts';
import { NETWORK_LIMITS, TOO_SOON, TOO_SOON_TYPES } from '../../lib/one-time-code/code-refusals.ts';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import type { RecoveryDestination } from './recovery-atoms.ts';

/**
 * The first step of a password recovery: the account's e-mail or mobile
 * number. The API answers alike whether or not someone has it, and so does
 * this form.
 */
export function RecoveryDestinationForm({
  onSent,
}: {
  onSent: (destination: RecoveryDestination, resendAvailableAt: number) => void;
}) {
  const form = useFieldErrors(RECOVERY_FIELDS);
  // a number typed without its country code is read as one of this country
  const [country, setCountry] = useNumberCountry();
  const contact = useContactEntry({ method: 'email' });
  const { method, email, mobile } = contact;
  const [problem, setProblem] = useState<Text | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (method === 'phone') await loadMobileRule();
    if (!form.passes(checkRecoveryContact({ method, email, mobile, country }))) return;
    const destination: RecoveryDestination =
      method === 'email' ? { email: email.trim() } : { mobile: mobile.trim(), country };
    setSubmitting(true);
    try {
      const times = await call(passwordCalls.resetPassword, { body: destination });
      onSent(destination, Date.parse(times.resend_available_at));
    } catch (error) {
      setSubmitting(false);
      if (!(error instanceof ApiFailure)) return reportUnexpected(error, setProblem);
      const onFields = serverFieldErrors(error, RECOVERY_FIELDS);
      if (onFields) return form.fail(onFields);
      if (TOO_SOON_TYPES.includes(error.type)) return setProblem(TOO_SOON);
      if (NETWORK_LIMITS.includes(error.type)) return setProblem(textFor(error.message));
      reportUnexpected(error, setProblem);
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting}>
      <ErrorSummary {...form.summary} />
      <ProblemMessage problem={problem} />
      <ContactField entry={contact} form={form} autoComplete="username" choice={<Trans>Send the code to</Trans>} />
      {method === 'phone' ? (
        <NumberCountryField id={`${form.fieldId('mobile')}-country`} value={country} onChange={setCountry} />
      ) : null}
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
