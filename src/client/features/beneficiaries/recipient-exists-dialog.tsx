import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import styles from './beneficiary-form.module.css';

interface RecipientExistsDialogProps {
  /** the saved recipient the new details match, when it is known */
  existing: Beneficiary | undefined;
  busy: boolean;
  onUpdate: (existing: Beneficiary) => void;
  onUseSaved: (existing: Beneficiary) => void;
  onChooseFromList: () => void;
  onClose: () => void;
}

/** SPEC §8 BeneficiaryAlreadyExists: the recipient is already saved; offer to update it with what was entered. */
export function RecipientExistsDialog({
  existing,
  busy,
  onUpdate,
  onUseSaved,
  onChooseFromList,
  onClose,
}: RecipientExistsDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} labelledBy={titleId} role="alertdialog">
      <h2 id={titleId}>
        <Trans>This recipient already exists</Trans>
      </h2>
      {existing ? (
        <>
          <p>
            <Trans>
              You have already saved {existing.display_name} ({existing.payout_label}). Update their details with what
              you entered, or send to them as saved.
            </Trans>
          </p>
          <div className={styles.dialogActions}>
            <button type="button" className={buttonClass('primary')} disabled={busy} onClick={() => onUpdate(existing)}>
              {busy ? <Trans>Updating…</Trans> : <Trans>Update recipient</Trans>}
            </button>
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={busy}
              onClick={() => onUseSaved(existing)}
            >
              <Trans>Use saved details</Trans>
            </button>
          </div>
        </>
      ) : (
        <>
          <p>
            <Trans>
              You have already saved a recipient with these account details. Choose them from your recipients.
            </Trans>
          </p>
          <div className={styles.dialogActions}>
            <button type="button" className={buttonClass('primary')} onClick={onChooseFromList}>
              <Trans>Choose from my recipients</Trans>
            </button>
          </div>
        </>
      )}
      <form method="dialog">
        <button type="submit" className={buttonClass('ghost')}>
          <Trans>Cancel</Trans>
        </button>
      </form>
    </Dialog>
  );
}
