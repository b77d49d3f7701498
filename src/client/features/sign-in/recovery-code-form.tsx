import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { CODE_LIFETIME_MINUTES } from '../../../domain/contract/one-time-codes.ts';
import { passwordCalls } from '../../../domain/contract/user/password.ts';
import { OTP_LENGTH } from '../../../domain/rules.ts';
import { call } from '../../lib/api/client.ts';
import { CODE_FIELDS, type CodeField, checkCode, normaliseCode } from '../../lib/forms/account-form-checks.ts';
import type { FieldErrors } from '../../lib/forms/field-errors.ts';
import { showText } from '../../lib/forms/rule-text.ts';
import { useFieldErrors } from '../../lib/forms/use-field-errors.ts';
import { CodeInput } from '../../lib/one-time-code/code-input.tsx';
import { ResendCode } from '../../lib/one-time-code/resend-code.tsx';
import { type CodeNotice, useCodeResend } from '../../lib/one-time-code/use-code-resend.ts';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { destinationShown, type RecoveryDestination } from './recovery-atoms.ts';

interface RecoveryCodeFormProps {
  destination: RecoveryDestination;
  resendAvailableAt: number;
  /** the API's verdict on the code given last (wrong with tries left, expired, burnt) */
  codeErrors: FieldErrors<CodeField> | null;
  onCode: (code: string) => void;
  onResent: (resendAvailableAt: number) => void;
}

/**
 * The second step: the e-mailed or texted code, with a resend and its countdown. The
 * code is checked with the new password in the last step; what the API said
 * of it comes back here, on the field (tries left, expired, too many).
 */
export function RecoveryCodeForm({
  destination,
  resendAvailableAt,
  codeErrors,
  onCode,
  onResent,
}: RecoveryCodeFormProps) {
  const { i18n } = useLingui();
  const sentTo = destinationShown(destination);
  const form = useFieldErrors(CODE_FIELDS);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<CodeNotice | null>(null);
  const { resending, resend } = useCodeResend(
    () => call(passwordCalls.resetPassword, { body: destination }),
    (next) => {
      setCode('');
      form.clear();
      onResent(next);
    },
    setNotice,
  );
  const [shown, setShown] = useState<FieldErrors<CodeField> | null>(null);
  if (codeErrors !== shown) {
    setShown(codeErrors);
    if (codeErrors) form.fail(codeErrors);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    if (form.passes(checkCode(code))) onCode(normaliseCode(code));
  };

  return (
    <>
      <p>
        <Trans>
          If an account uses <strong>{sentTo}</strong>, we sent a {OTP_LENGTH}-digit code to it. It works for{' '}
          {CODE_LIFETIME_MINUTES} minutes.
        </Trans>
      </p>
      {notice ? (
        <InlineMessage tone={notice.tone}>
          <p>{showText(i18n, notice.text)}</p>
        </InlineMessage>
      ) : null}
      <form className={styles.form} noValidate onSubmit={submit}>
        <ErrorSummary {...form.summary} />
        <CodeInput id={form.fieldId('code')} error={form.errorText('code')} value={code} onChange={setCode} />
        <div className={styles.actions}>
          <button type="submit" className={`${buttonClass('primary')} ${styles.submit}`}>
            <Trans>Continue</Trans>
          </button>
        </div>
      </form>
      <div className={styles.after}>
        <p className={styles.muted}>
          {'email' in destination ? (
            <Trans>No code? Check your spam folder, or ask for a new one.</Trans>
          ) : (
            <Trans>No code? Check the number, or ask for a new one.</Trans>
          )}
        </p>
        <ResendCode availableAt={resendAvailableAt} sending={resending} onResend={() => void resend()} />
      </div>
    </>
  );
}
