import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { contactApi } from '../../../domain/contract/contact.ts';
import { CODE_LIFETIME_MINUTES } from '../../../domain/contract/one-time-codes.ts';
import type { User } from '../../../domain/contract/user.ts';
import { OTP_LENGTH } from '../../../domain/rules.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { CODE_FIELDS, checkCode, normaliseCode } from '../../lib/forms/account-form-checks.ts';
import { serverFieldErrors } from '../../lib/forms/field-errors.ts';
import { showText, textFor } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { useFieldErrors } from '../../lib/forms/use-field-errors.ts';
import { CodeInput } from '../../lib/one-time-code/code-input.tsx';
import type { ContactKind } from '../../lib/one-time-code/code-refusals.ts';
import { ResendCode } from '../../lib/one-time-code/resend-code.tsx';
import { type CodeNotice, useCodeResend } from '../../lib/one-time-code/use-code-resend.ts';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';

/** The code sent to the new e-mail or number, with a resend and its countdown. */
export function ContactCodeForm({
  kind,
  sentTo,
  resendAvailableAt,
  onResent,
  onChanged,
  onCancel,
}: {
  kind: ContactKind;
  sentTo: string;
  resendAvailableAt: number;
  onResent: (resendAvailableAt: number) => void;
  onChanged: (user: User) => void;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const form = useFieldErrors(CODE_FIELDS);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<CodeNotice | null>(null);
  const [checking, setChecking] = useState(false);
  const { resending, resend } = useCodeResend(
    () => call(kind === 'email' ? contactApi.resendEmailCode : contactApi.resendPhoneCode),
    (next) => {
      setCode('');
      form.clear();
      onResent(next);
    },
    setNotice,
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    if (!form.passes(checkCode(code))) return;
    setChecking(true);
    try {
      const body = { code: normaliseCode(code) };
      onChanged(await call(kind === 'email' ? contactApi.verifyEmail : contactApi.verifyPhone, { body }));
    } catch (error) {
      const onField = error instanceof ApiFailure ? serverFieldErrors(error, CODE_FIELDS) : null;
      if (onField) return form.fail(onField);
      if (error instanceof ApiFailure && error.status < 500) {
        return setNotice({ tone: 'error', text: textFor(error.message) });
      }
      reportUnexpected(error, (text) => setNotice({ tone: 'error', text }));
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <p>
        <Trans>
          We sent a {OTP_LENGTH}-digit code to <strong>{sentTo}</strong>. It works for {CODE_LIFETIME_MINUTES} minutes.
        </Trans>
      </p>
      {notice ? (
        <InlineMessage tone={notice.tone}>
          <p>{showText(i18n, notice.text)}</p>
        </InlineMessage>
      ) : null}
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={checking}>
        <ErrorSummary {...form.summary} />
        <CodeInput id={form.fieldId('code')} error={form.errorText('code')} value={code} onChange={setCode} />
        <div className={styles.actions}>
          <button
            type="submit"
            className={`${buttonClass('primary')} ${styles.submit}`}
            disabled={checking || resending}
          >
            <Trans>Confirm</Trans>
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
      <div className={styles.after}>
        <ResendCode availableAt={resendAvailableAt} sending={resending} onResend={() => void resend()} />
      </div>
    </>
  );
}
