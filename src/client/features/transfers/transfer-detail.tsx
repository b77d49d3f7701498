import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { disputeCalls } from '../../../domain/contract/transfers/disputes.ts';
import { trackingCalls } from '../../../domain/contract/transfers/tracking.ts';
import type { Transfer } from '../../../domain/contract/transfers.ts';
import { isTerminal } from '../../../domain/transfers.ts';
import { isOffline, useEndpoint } from '../../lib/api/use-endpoint.ts';
import { STATUS_LABELS } from '../../lib/transfer-status-labels.ts';
import { usePushReceived } from '../../lib/use-push-received.ts';
import { buttonClass } from '../../ui/button.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { OfflineNothingYet, OfflineNotice, useNetworkActions } from '../../ui/offline-notice.tsx';
import { CancelTransfer } from './cancel-transfer.tsx';
import { ReportProblem } from './report-problem.tsx';
import styles from './transfer-detail.module.css';
import { TransferFigures } from './transfer-figures.tsx';
import { TransferTimeline } from './transfer-timeline.tsx';
import { TRANSFERS_REFRESH_MS } from './use-transfers.ts';

interface TransferDetailProps {
  transRef: string;
  /** the form that corrects the payout details (composed by the route); `onSaved` once the server took them */
  payoutForm: (transfer: Transfer, onSaved: () => void, onCancel: () => void) => ReactNode;
  /** how to send the same again (composed by the route) */
  sendAgain?: (transfer: Transfer) => ReactNode;
}

/**
 * One transfer (SPEC §2 /transfers/{transactionReference}): where the money
 * is, step by step; what was paid, the rate and what arrives; who receives it
 * and how; what paid; and what the customer may still do: correct the payout
 * details, cancel within the US right, keep a receipt, send again.
 */
export function TransferDetail({ transRef, payoutForm, sendAgain }: TransferDetailProps) {
  const transfer = useEndpoint(
    trackingCalls.getTransfer,
    { params: { trans_ref: transRef } },
    { refreshMs: (t) => (isTerminal(t.status) ? undefined : TRANSFERS_REFRESH_MS), refreshOnFocus: true },
  );
  const dispute = useEndpoint(disputeCalls.getDispute, { params: { trans_ref: transRef } }, { refreshOnFocus: true });
  usePushReceived(transfer.reload);
  const [editing, setEditing] = useState(false);
  const [updated, setUpdated] = useState(false);
  const { reason, actionProps } = useNetworkActions(transfer.status === 'ready' && transfer.offline);

  const back = (
    <Link to="/transfers" className={styles.back}>
      <Trans>All transfers</Trans>
    </Link>
  );
  if (transfer.status !== 'ready') {
    return (
      <>
        {back}
        <h1>
          <Trans>Your transfer</Trans>
        </h1>
        {transfer.status === 'loading' ? (
          <LoaderOverlay type="text">
            <Trans>Loading your transfer…</Trans>
          </LoaderOverlay>
        ) : isOffline(transfer.error) ? (
          <OfflineNothingYet />
        ) : (
          <LoadFailed onRetry={transfer.reload}>
            <Trans>We could not load your transfer.</Trans>
          </LoadFailed>
        )}
      </>
    );
  }
  const { data } = transfer;
  const saved = () => {
    setEditing(false);
    setUpdated(true);
    transfer.reload();
  };
  return (
    <>
      {back}
      <h1>
        <Trans>Transfer to {data.beneficiary.name}</Trans>
      </h1>
      <TransferHeading transfer={data} />
      {transfer.offline ? <OfflineNotice asOf={transfer.asOf} /> : null}
      {reason}
      {updated ? (
        <InlineMessage tone="news">
          <Trans>Payout details updated. The payout partner has the new details.</Trans>
        </InlineMessage>
      ) : null}
      <TransferTimeline transfer={data} dispute={dispute.status === 'ready' ? dispute.data.dispute : null} />
      <TransferFigures transfer={data} />
      {editing && data.payout_details_changeable ? (
        payoutForm(data, saved, () => setEditing(false))
      ) : (
        <div className={styles.actions}>
          {data.status === 'AWAITING' ? (
            <Link
              to="/send-money/pay/{-$transactionReference}"
              params={{ transactionReference: data.trans_ref }}
              className={buttonClass('primary')}
              {...actionProps}
            >
              <Trans>Pay now</Trans>
            </Link>
          ) : null}
          {data.payout_details_changeable ? (
            <button
              type="button"
              className={buttonClass('secondary')}
              {...actionProps}
              onClick={() => {
                setUpdated(false);
                setEditing(true);
              }}
            >
              <Trans>Change payout details</Trans>
            </button>
          ) : null}
          {data.funded_at !== null ? (
            <Link
              to="/transfers/$transactionReference/receipt"
              params={{ transactionReference: data.trans_ref }}
              className={buttonClass('secondary')}
            >
              <Trans>Receipt</Trans>
            </Link>
          ) : null}
          {sendAgain?.(data)}
        </div>
      )}
      {data.cancellable_until !== null && !editing ? (
        <CancelTransfer
          transfer={{ ...data, cancellable_until: data.cancellable_until }}
          onChanged={transfer.reload}
          actionProps={actionProps}
        />
      ) : null}
      {dispute.status === 'ready' && !editing ? (
        <ReportProblem transRef={data.trans_ref} answer={dispute.data} onChanged={dispute.reload} />
      ) : null}
    </>
  );
}

function TransferHeading({ transfer }: { transfer: Transfer }) {
  const { i18n } = useLingui();
  return (
    <p className={styles.heading}>
      <span className={`${styles.status} ${styles[transfer.status_label] ?? ''}`}>
        <span className="visually-hidden">
          <Trans>Status:</Trans>{' '}
        </span>
        {i18n._(STATUS_LABELS[transfer.status_label])}
      </span>{' '}
      <span className={styles.muted}>
        <Trans>Reference {transfer.trans_ref}</Trans>
      </span>
    </p>
  );
}
