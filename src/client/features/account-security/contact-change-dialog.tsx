import { Trans } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { contactApi } from '../../../domain/contract/contact.ts';
import type { User } from '../../../domain/contract/user.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { CONTACT_CHANGE_FIELDS, checkContactChange } from '../../lib/forms/account-form-checks.ts';
import { ContactField, useContactEntry } from '../../lib/forms/contact-field.tsx';
import { serverFieldErrors } from '../../lib/forms/field-errors.ts';
import { ProblemMessage } from '../../lib/forms/problem-message.tsx';
import type { Text } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { useFieldErrors } from '../../lib/forms/use-field-errors.ts';
import { type ContactKind, sendRefusal } from '../../lib/one-time-code/code-refusals.ts';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';
import { ContactCodeForm } from './contact-code-form.tsx';

/**
 * Add or change the account's e-mail or mobile number: the new one with the
 * password again, then the code sent to it. Nothing changes until the code
 * comes back; `onChanged` gets the customer as they are then.
 */
export function ContactChangeDialog({
  kind,
  country,
  onClose,
  onChanged,
}: {
  kind: ContactKind;
  /** the customer's country: a number typed without its country code is one of it */
  country: string;
  onClose: () => void;
  onChanged: (user: User) => void;
}) {
  const titleId = useId();
  const form = useFieldErrors(CONTACT_CHANGE_FIELDS);
  const contact = useContactEntry({ method: kind === 'email' ? 'email' : 'phone' });
  const destination = contact.value;
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Text | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState<{ to: string; resendAvailableAt: number } | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const values = {
      method: contact.method,
      email: destination,
      mobile: destination,
      country,
      password,
    };
    if (!form.passes(checkContactChange(values))) return;
    setSubmitting(true);
    try {
      const times =
        kind === 'email'
          ? await call(contactApi.changeEmail, { body: { email: destination.trim(), password } })
          : await call(contactApi.changePhone, { body: { mobile: destination, password } });
      setPassword('');
      setSent({ to: destination.trim(), resendAvailableAt: Date.parse(times.resend_available_at) });
    } catch (error) {
      const onFields = error instanceof ApiFailure ? serverFieldErrors(error, CONTACT_CHANGE_FIELDS) : null;
      if (onFields) return form.fail(onFields);
      const refusal = sendRefusal(error);
      if (refusal) return setProblem(refusal);
      reportUnexpected(error, setProblem);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog open onClose={onClose} labelledBy={titleId}>
      <h2 id={titleId}>{kind === 'email' ? <Trans>Your e-mail address</Trans> : <Trans>Your mobile number</Trans>}</h2>
      {sent ? (
        <ContactCodeForm
          kind={kind}
          sentTo={sent.to}
          resendAvailableAt={sent.resendAvailableAt}
          onResent={(resendAvailableAt) => setSent({ ...sent, resendAvailableAt })}
          onChanged={onChanged}
          onCancel={onClose}
        />
      ) : (
        <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting}>
          <p>
            <Trans>We send a code to the new one. Nothing changes until you enter it.</Trans>
          </p>
          <ErrorSummary {...form.summary} />
          <ProblemMessage problem={problem} />
          <ContactField entry={contact} form={form} autoComplete="new" />
          <FormField
            id={form.fieldId('password')}
            label={<Trans>Your password</Trans>}
            error={form.errorText('password')}
          >
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
              {submitting ? <Trans>Sending the code…</Trans> : <Trans>Send the code</Trans>}
            </button>
            <button type="button" className={buttonClass('secondary')} onClick={onClose}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
