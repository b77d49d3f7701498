import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { passwordCalls } from '../../../domain/contract/user/password.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import {
  CODE_FIELDS,
  type CodeField,
  checkNewPassword,
  NEW_PASSWORD_FIELDS,
} from '../../lib/forms/account-form-checks.ts';
import { type FieldErrors, serverFieldErrors } from '../../lib/forms/field-errors.ts';
import { NewPasswordFields } from '../../lib/forms/new-password-fields.tsx';
import { ProblemMessage } from '../../lib/forms/problem-message.tsx';
import { type Text, textFor } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { useFieldErrors } from '../../lib/forms/use-field-errors.ts';
import { NETWORK_LIMITS } from '../../lib/one-time-code/code-refusals.ts';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { ScreenIntro } from '../../ui/screen-intro.tsx';
import { destinationShown, passwordResetNoticeAtom, type RecoveryDestination } from './recovery-atoms.ts';
import { RecoveryCodeForm } from './recovery-code-form.tsx';
import { RecoveryDestinationForm } from './recovery-destination-form.tsx';

type Step =
  | { step: 'destination' }
  | {
      step: 'code';
      destination: RecoveryDestination;
      resendAvailableAt: number;
      codeErrors: FieldErrors<CodeField> | null;
    }
  | { step: 'password'; destination: RecoveryDestination; resendAvailableAt: number; code: string };

/** The refusals of a code check said in the API's words: too many checks from this network. */
// NETWORK_LIMITS is read when a check is refused, not spread here: its module is in a chunk that may load after this one
const CHECK_LIMITS: readonly string[] = ['EmailCheckDDOS'];

/**
 * /recovery-password (SPEC §2): the account's e-mail or mobile number,
 * then the code sent there, then a new password. The code is checked with the new password; a
 * wrong, expired or burnt code sends the customer back to the code step with
 * the API's word on it. Success goes to sign-in, which says the password
 * was changed.
 */
export function RecoveryPasswordScreen() {
  const [state, setState] = useState<Step>({ step: 'destination' });
  switch (state.step) {
    case 'destination':
      return (
        <>
          <ScreenIntro
            heading={msg`Reset your password`}
            description={msg`Enter the e-mail address or mobile number of your account and we will send you a code to choose a new password.`}
          />
          <RecoveryDestinationForm
            onSent={(destination, resendAvailableAt) =>
              setState({ step: 'code', destination, resendAvailableAt, codeErrors: null })
            }
          />
        </>
      );
    case 'code':
      return (
        <>
          <h1>
            <Trans>Enter the code</Trans>
          </h1>
          <RecoveryCodeForm
            destination={state.destination}
            resendAvailableAt={state.resendAvailableAt}
            codeErrors={state.codeErrors}
            onCode={(code) => setState({ ...state, step: 'password', code })}
            onResent={(resendAvailableAt) => setState({ ...state, resendAvailableAt, codeErrors: null })}
          />
        </>
      );
    case 'password':
      return (
        <NewPasswordStep
          destination={state.destination}
          code={state.code}
          onCodeRefused={(codeErrors) =>
            setState({
              step: 'code',
              destination: state.destination,
              resendAvailableAt: state.resendAvailableAt,
              codeErrors,
            })
          }
        />
      );
  }
}

function NewPasswordStep({
  destination,
  code,
  onCodeRefused,
}: {
  destination: RecoveryDestination;
  code: string;
  onCodeRefused: (errors: FieldErrors<CodeField>) => void;
}) {
  const navigate = useNavigate();
  const setResetNotice = useSetAtom(passwordResetNoticeAtom);
  const form = useFieldErrors(NEW_PASSWORD_FIELDS);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<Text | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (!form.passes(checkNewPassword(password, confirmation))) return;
    setSubmitting(true);
    try {
      await call(passwordCalls.changePasswordWithCode, { body: { ...destination, code, password } });
      setResetNotice(true);
      await navigate({ to: '/sign-in', replace: true });
    } catch (error) {
      setSubmitting(false);
      if (!(error instanceof ApiFailure)) return reportUnexpected(error, setProblem);
      const onCode = serverFieldErrors(error, CODE_FIELDS);
      if (onCode) return onCodeRefused(onCode);
      const onFields = serverFieldErrors(error, NEW_PASSWORD_FIELDS);
      if (onFields) return form.fail(onFields);
      if (CHECK_LIMITS.includes(error.type) || NETWORK_LIMITS.includes(error.type))
        return setProblem(textFor(error.message));
      reportUnexpected(error, setProblem);
    }
  };

  return (
    <>
      <h1>
        <Trans>Choose a new password</Trans>
      </h1>
      <ProblemMessage problem={problem} />
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting}>
        <ErrorSummary {...form.summary} />
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={destinationShown(destination)}
          readOnly
          hidden
        />
        <NewPasswordFields
          ids={{ password: form.fieldId('password'), confirmation: form.fieldId('confirm_password') }}
          errors={{ password: form.errorText('password'), confirmation: form.errorText('confirm_password') }}
          name="password"
          label={<Trans>New password</Trans>}
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
        />
        <div className={styles.actions}>
          <button type="submit" className={`${buttonClass('primary')} ${styles.submit}`} disabled={submitting}>
            {submitting ? <Trans>Saving…</Trans> : <Trans>Save the new password</Trans>}
          </button>
        </div>
      </form>
    </>
  );
}
