import { Trans } from '@lingui/react/macro';
import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useId, useState } from 'react';
import { API_BASE_PATHS } from '../../../domain/contract/endpoint.ts';
import { oauthApi } from '../../../domain/contract/oauth.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { BANK_ID_MIGRATE_FIELDS, checkBankIdMigrate } from '../../lib/forms/account-form-checks.ts';
import { serverFieldErrors } from '../../lib/forms/field-errors.ts';
import { ProblemMessage } from '../../lib/forms/problem-message.tsx';
import { type Text, textFor } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { useFieldErrors } from '../../lib/forms/use-field-errors.ts';
import { baseUrlAtom } from '../../lib/session/session-atoms.ts';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { bankIdMigrateOpenAtom } from './bank-id-migrate-open.ts';
import { keepPendingBankId } from './bank-id-pending.ts';
import { type LeaveFor, leaveApp } from './leave-app.ts';
import { PersonalNumberField } from './personal-number-field.tsx';

/**
 * SPEC §2's bank-ID modal: a customer who signs in with e-mail or phone, in
 * a country whose bank ID signs in, gives their personal number to continue
 * the migration. The browser goes to the provider's page and comes back to
 * /nets-success, where the number is tied to the account.
 */
export default function BankIdMigrateDialog({ leaveFor = leaveApp }: { leaveFor?: LeaveFor }) {
  const titleId = useId();
  const setOpen = useSetAtom(bankIdMigrateOpenAtom);
  const middlewareUrl = useAtomValue(baseUrlAtom);
  const form = useFieldErrors(BANK_ID_MIGRATE_FIELDS);
  const [personalNumber, setPersonalNumber] = useState('');
  const [problem, setProblem] = useState<Text | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const close = () => setOpen(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (!form.passes(checkBankIdMigrate(personalNumber))) return;
    setSubmitting(true);
    try {
      const started = await call(oauthApi.migrateToBankId, {
        body: { personalIdentityNumber: personalNumber.trim() },
      });
      keepPendingBankId({
        token: started.bank_id_token,
        purpose: 'migrate',
        oauthUrl: API_BASE_PATHS.oauth,
        middlewareUrl,
      });
      leaveFor(started.url);
    } catch (error) {
      setSubmitting(false);
      const onFields = error instanceof ApiFailure ? serverFieldErrors(error, BANK_ID_MIGRATE_FIELDS) : null;
      if (onFields) return form.fail(onFields);
      if (error instanceof ApiFailure && error.status < 500) return setProblem(textFor(error.message));
      reportUnexpected(error, setProblem);
    }
  };

  return (
    <Dialog open onClose={close} labelledBy={titleId}>
      <h2 id={titleId}>
        <Trans>Sign in with bank ID</Trans>
      </h2>
      <p>
        <Trans>
          Enter your personal identity number to continue. After your bank ID confirms it, you sign in with bank ID.
        </Trans>
      </p>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting}>
        <ErrorSummary {...form.summary} />
        <ProblemMessage problem={problem} />
        <PersonalNumberField
          id={form.fieldId('personalIdentityNumber')}
          name="personalIdentityNumber"
          value={personalNumber}
          onChange={setPersonalNumber}
          error={form.errorText('personalIdentityNumber')}
        />
        <div className={styles.actions}>
          <button type="submit" className={`${buttonClass('primary')} ${styles.submit}`} disabled={submitting}>
            {submitting ? <Trans>Opening bank ID…</Trans> : <Trans>Continue with bank ID</Trans>}
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={close}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </Dialog>
  );
}
