import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { PaymentCode } from '../../../domain/payments.ts';
import { PayinConfirming } from '../../lib/card-payment/payin-confirming.tsx';
import { usePayinReturn } from '../../lib/card-payment/payin-return.ts';
import { PAYMENT_MESSAGES } from '../../lib/card-payment/payment-messages.ts';
import { buttonClass } from '../../ui/button.ts';
import styles from './payment.module.css';
import { PaymentResult } from './payment-result.tsx';

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
 * Back from the card's bank (3-D Secure) or the bank link for a transfer: the
 * payment's status as the pay-in return polls it (`usePayinReturn`), then the
 * transfer's result, the refusal, or the confirming loader.
 */
export function CardEnrollmentReturn({ transRef, paymentId, onApproved, onLeave }: CardEnrollmentReturnProps) {
  const phase = usePayinReturn({ kind: 'transfer', transRef }, { paymentId, onApproved });

  switch (phase.name) {
    case 'approved':
      return <PaymentResult transfer={phase.result.transfer} />;
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
 * message, the support mailto and an OK that clears the transfer in progress
 * and opens the transfers list.
 */
function ConfirmingTransfer({ gaveUp, onLeave }: { gaveUp: boolean; onLeave: () => void }) {
  return (
    <PayinConfirming
      className={styles.result}
      gaveUp={gaveUp}
      heading={<Trans>We are confirming your transfer</Trans>}
      waiting={
        <Trans>
          We are waiting for your bank to confirm the payment. This usually takes a few seconds. Do not pay again.
        </Trans>
      }
      unanswered={<Trans>Your bank has not answered yet. Your transfers list will show the result once it does.</Trans>}
    >
      <button type="button" className={buttonClass('secondary')} onClick={onLeave}>
        <Trans>OK</Trans>
      </button>
    </PayinConfirming>
  );
}
