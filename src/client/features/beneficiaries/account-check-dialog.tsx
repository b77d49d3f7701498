import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import type { HolderName } from '../../../domain/account-check.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import styles from './beneficiary-form.module.css';
import type { FieldErrors } from './beneficiary-form.tsx';

/** The form's values with the holder's name the customer chose in the dialog. */
export function withHolderName(values: Readonly<Record<string, string>>, name: HolderName): Record<string, string> {
  const { first_name, middle_name, last_name } = name;
  const { middle_name: _typed, ...others } = values;
  return { ...others, first_name, last_name, ...(middle_name ? { middle_name } : {}) };
}

/** A save's flag that the customer chose to go on after the lookup's answer: sent only when they did. */
export const confirmedAfterCheck = (confirmed: boolean) => (confirmed ? { account_check_confirmed: true } : {});

/** The holder's name as typed in the form. */
export const typedHolderName = (values: Readonly<Record<string, string>>): HolderName => ({
  first_name: values.first_name ?? '',
  middle_name: values.middle_name ?? null,
  last_name: values.last_name ?? '',
});

const fullName = (name: HolderName) => [name.first_name, name.middle_name, name.last_name].filter(Boolean).join(' ');

interface AccountCheckDialogProps {
  /** the holder's name as registered (a close match), or undefined when the lookup could not be made */
  registered: HolderName | undefined;
  typed: HolderName;
  busy: boolean;
  /** go on saving the recipient, with the registered name or the one typed */
  onContinue: (name: HolderName) => void;
  /** back to the form to correct the details */
  onClose: () => void;
}

/**
 * The account lookup's answer when the customer must decide (SPEC §4 name
 * mismatch): the account is held in a similar name (keep it, take the
 * registered one, or correct the form), or it could not be checked now
 * (go on warned, or check the details again).
 */
export function AccountCheckDialog({ registered, typed, busy, onContinue, onClose }: AccountCheckDialogProps) {
  const titleId = useId();
  const typedName = fullName(typed);
  const registeredName = registered ? fullName(registered) : '';
  return (
    <Dialog open onClose={onClose} labelledBy={titleId} role="alertdialog">
      {registered ? (
        <>
          <h2 id={titleId}>
            <Trans>Check the recipient’s name</Trans>
          </h2>
          <p>
            <Trans>
              This account is held in the name <strong>{registeredName}</strong>. You entered {typedName}. The name must
              match the account for the money to arrive.
            </Trans>
          </p>
          <div className={styles.dialogActions}>
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={busy}
              onClick={() => onContinue(registered)}
            >
              <Trans>Use the account’s name</Trans>
            </button>
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={busy}
              onClick={() => onContinue(typed)}
            >
              <Trans>Keep the name I entered</Trans>
            </button>
          </div>
        </>
      ) : (
        <>
          <h2 id={titleId}>
            <Trans>We could not check this account</Trans>
          </h2>
          <p>
            <Trans>
              The recipient’s bank or wallet provider did not answer just now. Check the details carefully: money sent
              to a wrong account may be hard to get back.
            </Trans>
          </p>
          <div className={styles.dialogActions}>
            <button type="button" className={buttonClass('primary')} disabled={busy} onClick={() => onContinue(typed)}>
              <Trans>Continue anyway</Trans>
            </button>
          </div>
        </>
      )}
      <form method="dialog">
        <button type="submit" className={buttonClass('ghost')}>
          <Trans>Correct the details</Trans>
        </button>
      </form>
    </Dialog>
  );
}

/** A save the account lookup left to the customer (a close name, or no answer): the values, the name registered. */
export interface LeftToCustomer {
  values: Record<string, string>;
  registered: HolderName | undefined;
}

/**
 * The customer's choice after the account lookup, for a form that saves a recipient: `ask` shows the dialog for a save
 * the lookup left to them; their choice saves again with the name chosen (`saveChosen`, as confirmed), and what that
 * save refuses is told in the error modal (the form is closed under the dialog). `dialog` is where it shows.
 */
export function useHolderNameChoice<T extends LeftToCustomer>(
  saveChosen: (left: T, values: Record<string, string>) => Promise<FieldErrors | undefined>,
): { ask: (left: T) => void; dialog: ReactNode } {
  const [left, setLeft] = useState<T>();
  const [saving, setSaving] = useState(false);
  const choose = async (name: HolderName) => {
    if (!left) return;
    setSaving(true);
    const errors = await saveChosen(left, withHolderName(left.values, name));
    setSaving(false);
    setLeft(undefined);
    if (errors && Object.keys(errors).length > 0) showErrorModal(null);
  };
  const dialog = left ? (
    <AccountCheckDialog
      registered={left.registered}
      typed={typedHolderName(left.values)}
      busy={saving}
      onContinue={(name) => void choose(name)}
      onClose={() => setLeft(undefined)}
    />
  ) : null;
  return { ask: setLeft, dialog };
}
