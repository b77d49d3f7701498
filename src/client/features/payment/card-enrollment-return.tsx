import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { TransferSummary } from '../../../domain/contract/transfers.ts';
import { transfersApi } from '../../../domain/contract/transfers.ts';
import type { PaymentCode } from '../../../domain/payments.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { checkCardEnrollment } from '../../lib/card-payment/check-card-enrollment.ts';
import { PAYMENT_MESSAGES } from '../../lib/card-payment/payment-messages.ts';
import { pollPayment } from '../../lib/card-payment/poll-payment.ts';
import { SUPPORT_EMAIL } from '../../lib/config.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { buttonClass } from '../../ui/button.ts';
import styles from './payment.module.css';
import { PaymentResult } from './payment-result.tsx';

type Phase =
  | { name: 'confirming' }
  | { name: 'approved'; transfer: TransferSummary }
  | { name: 'failed'; code: PaymentCode }
  | { name: 'gave-up' };

interface CardEnrollmentReturnProps {
  transRef: string;
  /** the gateway's id of the card payment, when a card check's return names it (a bank-link return has none) */
  paymentId?: string;
  /** the payment went through: what was in progress can go */
  onApproved: () => void;
  /** the customer leaves the confirmation for the transfers list */
  onLeave: () => void;
}

/**
 * Back from the card's bank (3-D Secure): the payment's status
 * (check-card-enrollment with the payment's id, else the transfer's
 * payment-status), asked at once and then every 15 seconds while the bank
 * has not answered (SPEC §4, §9).
 */
export function CardEnrollmentReturn({ transRef, paymentId, onApproved, onLeave }: CardEnrollmentReturnProps) {
  const [phase, setPhase] = useState<Phase>({ name: 'confirming' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: one poll per transfer reference and payment
  useEffect(() => {
    const controller = new AbortController();
    pollPayment(
      (signal) =>
        paymentId
          ? checkCardEnrollment(paymentId, 'payment', signal)
          : call(transfersApi.getPaymentStatus, { query: { trans_ref: transRef }, signal }),
      { signal: controller.signal },
    ).then(
      (outcome) => {
        if ('gaveUp' in outcome) return setPhase({ name: 'gave-up' });
        const { settled } = outcome;
        if (settled.status === 'APPROVED') {
          onApproved();
          setPhase({ name: 'approved', transfer: settled.transfer });
        } else setPhase({ name: 'failed', code: settled.code ?? 'unknown_error' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        showErrorModal(error instanceof ApiFailure ? error : null);
        setPhase({ name: 'gave-up' });
      },
    );
    return () => controller.abort();
  }, [transRef, paymentId]);

  switch (phase.name) {
    case 'approved':
      return <PaymentResult transfer={phase.transfer} />;
    case 'failed':
      return <CardCheckFailed transRef={transRef} code={phase.code} />;
    default:
      return <ConfirmingTransfer gaveUp={phase.name === 'gave-up'} onLeave={onLeave} />;
  }
}

function CardCheckFailed({ transRef, code }: { transRef: string; code: PaymentCode }) {
  const { i18n } = useLingui();
  return (
    <div className={styles.result}>
      <h1>
        <Trans>Your payment did not go through</Trans>
      </h1>
      <p role="alert">{i18n._(PAYMENT_MESSAGES[code])}</p>
      <p>
        <Trans>No money has been taken. You can pay for this transfer with another card.</Trans>
      </p>
      <div className={styles.actions}>
        <Link
          to="/send-money/pay/{-$transactionReference}"
          params={{ transactionReference: transRef }}
          className={buttonClass('primary')}
        >
          <Trans>Try another card</Trans>
        </Link>
        <Link to="/transfers" className={buttonClass('secondary')}>
          <Trans>See your transfers</Trans>
        </Link>
      </div>
    </div>
  );
}

/**
 * The loader of type "button" (SPEC §2 modals): a confirming-transfer
 * message, a support mailto and an OK that clears the transfer in progress
 * and opens the transfers list.
 */
function ConfirmingTransfer({ gaveUp, onLeave }: { gaveUp: boolean; onLeave: () => void }) {
  return (
    <div className={styles.result} aria-busy={!gaveUp}>
      <h1>
        <Trans>We are confirming your transfer</Trans>
      </h1>
      <p role="status">
        {gaveUp ? (
          <Trans>Your bank has not answered yet. Your transfers list will show the result once it does.</Trans>
        ) : (
          <Trans>
            We are waiting for your bank to confirm the payment. This usually takes a few seconds. Do not pay again.
          </Trans>
        )}
      </p>
      <p>
        <Trans>
          Questions? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </Trans>
      </p>
      <button type="button" className={buttonClass('secondary')} onClick={onLeave}>
        <Trans>OK</Trans>
      </button>
    </div>
  );
}
