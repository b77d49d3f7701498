import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { passwordCalls } from '../../../domain/contract/user/password.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { CHANGE_PASSWORD_FIELDS, checkChangePassword } from '../../lib/forms/account-form-checks.ts';
import { serverFieldErrors } from '../../lib/forms/field-errors.ts';
import { NewPasswordFields } from '../../lib/forms/new-password-fields.tsx';
import { showText, type Text } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { useFieldErrors } from '../../lib/forms/use-field-errors.ts';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

/**
 * /change-password (signed in): the current password, a new one and its
 * confirmation. On success every other device is signed out; this one stays.
 */
export function ChangePasswordScreen() {
  const { i18n } = useLingui();
  const form = useFieldErrors(CHANGE_PASSWORD_FIELDS);
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'news' | 'error'; text: Text } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    if (!form.passes(checkChangePassword({ oldPassword, newPassword, confirmation }))) return;
    setSubmitting(true);
    try {
      await call(passwordCalls.changePassword, { body: { old_password: oldPassword, new_password: newPassword } });
      setOldPassword('');
      setNewPassword('');
      setConfirmation('');
      setOutcome({
        tone: 'news',
        text: msg`Your password was changed. Other devices were signed out; we sent you an e-mail about it.`,
      });
    } catch (error) {
      const say = (text: Text) => setOutcome({ tone: 'error', text });
      if (!(error instanceof ApiFailure)) return reportUnexpected(error, say);
      const onFields = serverFieldErrors(error, CHANGE_PASSWORD_FIELDS);
      if (onFields) return form.fail(onFields);
      reportUnexpected(error, say);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <ScreenIntro
        heading={msg`Change your password`}
        description={msg`Enter your current password, then choose a new one.`}
      />
      {outcome ? (
        <InlineMessage tone={outcome.tone}>
          <p>{showText(i18n, outcome.text)}</p>
        </InlineMessage>
      ) : null}
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting}>
        <ErrorSummary {...form.summary} />
        <FormField
          id={form.fieldId('old_password')}
          label={<Trans>Current password</Trans>}
          error={form.errorText('old_password')}
        >
          {(control) => (
            <PasswordInput
              {...control}
              name="old_password"
              autoComplete="current-password"
              value={oldPassword}
              onChange={(event) => setOldPassword(event.target.value)}
            />
          )}
        </FormField>
        <NewPasswordFields
          ids={{ password: form.fieldId('new_password'), confirmation: form.fieldId('confirm_password') }}
          errors={{ password: form.errorText('new_password'), confirmation: form.errorText('confirm_password') }}
          name="new_password"
          label={<Trans>New password</Trans>}
          password={newPassword}
          confirmation={confirmation}
          onPassword={setNewPassword}
          onConfirmation={setConfirmation}
        />
        <div className={styles.actions}>
          <button type="submit" className={`${buttonClass('primary')} ${styles.submit}`} disabled={submitting}>
            {submitting ? <Trans>Saving…</Trans> : <Trans>Change password</Trans>}
          </button>
        </div>
      </form>
    </>
  );
}
