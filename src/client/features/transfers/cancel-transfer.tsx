import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { changeCalls } from '../../../domain/contract/transfers/changes.ts';
import type { Transfer } from '../../../domain/contract/transfers.ts';
import type { RefundDestination } from '../../../domain/transfers.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { formatCountdown, useCountdown } from '../../lib/countdown.ts';
import { dateFormat } from '../../lib/date-format.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import type { NetworkActionProps } from '../../ui/offline-notice.tsx';
import styles from './transfer-detail.module.css';

interface CancelTransferProps {
  transfer: Transfer & { cancellable_until: string };
  /** the transfer changed (cancelled, or found past its right): load it again */
  onChanged: () => void;
  /** disables cancelling while the transfer shown is last-known (offline) */
  actionProps: NetworkActionProps;
}

/**
 * The US cancellation right on a paid transfer: how long it still holds (a
 * countdown), and a confirm dialog that says everything comes back and asks
 * where to, before recalling the transfer.
 */
export function CancelTransfer({ transfer, onChanged, actionProps }: CancelTransferProps) {
  const { i18n } = useLingui();
  const deadline = Date.parse(transfer.cancellable_until);
  const left = useCountdown(deadline);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    if (state === 'refused' || state === 'refused-late') onChanged();
  };
  const [refundTo, setRefundTo] = useState<RefundDestination>('card');
  const [key] = useState(() => crypto.randomUUID());
  /** refused: the period had ended by the server's clock (this device's may lag), or the money is already out */
  const [state, setState] = useState<'idle' | 'cancelling' | 'refused' | 'refused-late'>('idle');

  if (left <= 0) return null;
  const until = dateFormat(i18n.locale, { timeStyle: 'short' }).format(new Date(deadline));
  const countdown = formatCountdown(left);

  const confirm = async () => {
    setState('cancelling');
    try {
      await call(changeCalls.cancelTransfer, {
        body: { trans_ref: transfer.trans_ref, refund_to: refundTo },
        idempotencyKey: key,
      });
      setOpen(false);
      onChanged();
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 409) {
        setState(Date.now() >= deadline - 5_000 ? 'refused-late' : 'refused');
        return;
      }
      setOpen(false);
      setState('idle');
      showErrorModal(error instanceof ApiFailure ? error : null);
    }
  };

  return (
    <section aria-labelledby={`${titleId}-section`} className={styles.action}>
      <h2 id={`${titleId}-section`} className={styles.actionTitle}>
        <Trans>Changed your mind?</Trans>
      </h2>
      <p>
        <Trans>
          You can cancel this transfer until {until} and get everything back, fee included.{' '}
          <span role="timer" className={styles.timer}>
            {countdown}
          </span>{' '}
          left.
        </Trans>
      </p>
      <button type="button" className={buttonClass('secondary')} {...actionProps} onClick={() => setOpen(true)}>
        <Trans>Cancel this transfer</Trans>
      </button>
      <Dialog open={open} onClose={close} labelledBy={titleId} role="alertdialog" className={styles.dialog}>
        <h2 id={titleId}>
          <Trans>Cancel this transfer?</Trans>
        </h2>
        {state === 'refused-late' ? (
          <InlineMessage tone="error">
            <Trans>This transfer can no longer be cancelled: the time to cancel it has ended.</Trans>
          </InlineMessage>
        ) : state === 'refused' ? (
          <InlineMessage tone="error">
            <Trans>This transfer can no longer be cancelled: the recipient may already have the money.</Trans>
          </InlineMessage>
        ) : (
          <>
            <p>
              <Trans>
                {transfer.beneficiary.name} will not receive it. Everything you paid, fee included, comes back to you.
              </Trans>
            </p>
            <fieldset className={styles.choices}>
              <legend>
                <Trans>Where should the money go?</Trans>
              </legend>
              <label className={styles.choice}>
                <input
                  type="radio"
                  name="refund_to"
                  checked={refundTo === 'card'}
                  onChange={() => setRefundTo('card')}
                />
                <Trans>Back to the card you paid with</Trans>
              </label>
              <label className={styles.choice}>
                <input
                  type="radio"
                  name="refund_to"
                  checked={refundTo === 'wallet'}
                  onChange={() => setRefundTo('wallet')}
                />
                <Trans>To your Sarraf wallet, to send again</Trans>
              </label>
            </fieldset>
          </>
        )}
        <div className={styles.dialogActions}>
          {state === 'refused' ? null : (
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={state === 'cancelling'}
              onClick={confirm}
            >
              {state === 'cancelling' ? <Trans>Cancelling…</Trans> : <Trans>Yes, cancel and refund</Trans>}
            </button>
          )}
          <button type="button" className={buttonClass('ghost')} onClick={close}>
            <Trans>Keep the transfer</Trans>
          </button>
        </div>
      </Dialog>
    </section>
  );
}
