import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { VERIFYING, type VerificationStatus } from '../../../domain/verification.ts';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import styles from './verification.module.css';

/** SPEC §2's verification status modals, by what the status after an upload means for the customer. */
type Outcome = 'success' | 'wait' | 'fail' | 'more';

export function outcomeOf(status: VerificationStatus): Outcome {
  if (status === 'Pass') return 'success';
  if (VERIFYING.has(status)) return 'wait';
  if (status.startsWith('Failed')) return 'fail';
  return 'more';
}

/**
 * Shown when a document has been sent: verified (send money now), being
 * checked (how long, and the wait screen that follows it), refused (the task
 * list says why), or another document still needed. Closing it leaves the
 * customer where they were, the task list loaded afresh (`onClose`).
 */
export function VerificationStatusDialog({ status, onClose }: { status: VerificationStatus; onClose: () => void }) {
  const titleId = useId();
  const outcome = outcomeOf(status);
  const close = (
    <button
      type="button"
      className={buttonClass(outcome === 'success' || outcome === 'wait' ? 'secondary' : 'primary')}
      onClick={onClose}
    >
      <Trans>Close</Trans>
    </button>
  );
  return (
    <Dialog open onClose={onClose} labelledBy={titleId}>
      <h2 id={titleId}>
        {outcome === 'success' ? (
          <Trans>You are verified</Trans>
        ) : outcome === 'wait' ? (
          <Trans>We are checking your document</Trans>
        ) : outcome === 'fail' ? (
          <Trans>We could not verify your document</Trans>
        ) : (
          <Trans>Thank you: we need one more document</Trans>
        )}
      </h2>
      <p>
        {outcome === 'success' ? (
          <Trans>You can send money now.</Trans>
        ) : outcome === 'wait' ? (
          <Trans>
            This usually takes a few minutes and can take up to 24 hours. Your profile shows where it stands.
          </Trans>
        ) : outcome === 'fail' ? (
          <Trans>Your list of what we need says why, and what to send instead.</Trans>
        ) : (
          <Trans>Your list of what we need says which one, and why.</Trans>
        )}
      </p>
      <div className={styles.actions}>
        {outcome === 'success' ? (
          <Link to="/send-money/quote" className={buttonClass('primary')}>
            <Trans>Send money</Trans>
          </Link>
        ) : outcome === 'wait' ? (
          <Link to="/verifying-in-progress" className={buttonClass('primary')}>
            <Trans>Follow the check</Trans>
          </Link>
        ) : null}
        {close}
      </div>
    </Dialog>
  );
}
