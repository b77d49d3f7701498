import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { showText, type Text } from '../../lib/forms/rule-text.ts';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import styles from './payment.module.css';
import { checkSsnLast4 } from './us-card-texts.ts';

interface SsnDialogProps {
  /** why the last answer refused the digits (wrong, too many tries); shown under the input */
  problem: Text | undefined;
  /** pay again with the digits; resolves once the answer is in */
  onContinue: (digits: string) => Promise<void>;
  onCancel: () => void;
}

/**
 * SPEC §2's SSN last-4 modal: before their first card payment a US sender
 * confirms the last 4 digits of their Social Security number, and the same
 * payment is sent again with them.
 */
export function SsnDialog({ problem, onContinue, onCancel }: SsnDialogProps) {
  const { i18n } = useLingui();
  const titleId = useId();
  const inputId = useId();
  const [digits, setDigits] = useState('');
  const [typed, setTyped] = useState<Text>();
  /** the digits changed since the answer `problem` came with */
  const [edited, setEdited] = useState(false);
  const [busy, setBusy] = useState(false);
  const shown = typed ?? (edited ? undefined : problem);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = checkSsnLast4(digits);
    setTyped(wrong);
    if (wrong) return;
    setEdited(false);
    setBusy(true);
    try {
      await onContinue(digits.trim());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onCancel} labelledBy={titleId}>
      <h2 id={titleId}>
        <Trans>Confirm your identity</Trans>
      </h2>
      <p>
        <Trans>
          Before your first card payment, confirm the last 4 digits of the Social Security number you gave us.
        </Trans>
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <FormField
          id={inputId}
          label={<Trans>Last 4 digits of your Social Security number</Trans>}
          error={shown === undefined ? undefined : showText(i18n, shown)}
        >
          {(control) => (
            <input
              {...control}
              className={inputClass}
              type="text"
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
              spellCheck={false}
              value={digits}
              onChange={(event) => {
                setDigits(event.target.value.replace(/\D/g, ''));
                setTyped(undefined);
                setEdited(true);
              }}
            />
          )}
        </FormField>
        <div className={styles.actions}>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            {busy ? <Trans>Paying…</Trans> : <Trans>Continue</Trans>}
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </Dialog>
  );
}
