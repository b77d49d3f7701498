import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { paymentCalls } from '../../../domain/contract/transfers/payment.ts';
import type { PaymentResult, Transfer } from '../../../domain/contract/transfers.ts';
import { call } from '../../lib/api/client.ts';
import { BankLinkSection } from '../../lib/bank-link/bank-link-section.tsx';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { useWireMoney } from '../../lib/use-wire-money.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';

interface BankLinkPaymentProps {
  transfer: Transfer;
  /** the rate ran out: nothing can be paid until the transfer is re-priced */
  expired: boolean;
  onSettled: (result: PaymentResult) => void;
  onExpired: () => void;
  onStale: () => void;
}

/** Pay the transfer from the bank (SPEC §3 payment type trustly): the bank picker, then /trustly-callback. */
export function BankLinkPayment({ transfer, expired, onSettled, onExpired, onStale }: BankLinkPaymentProps) {
  const money = useWireMoney();
  const [unavailable, setUnavailable] = useState(false);
  const transRef = transfer.trans_ref;
  return (
    <BankLinkSection
      amount={money(transfer.total, transfer.source_currency)}
      currency={transfer.source_currency}
      disabled={expired}
      start={async (idempotencyKey) => {
        setUnavailable(false);
        await call(paymentCalls.setPaymentType, { body: { trans_ref: transRef, payment_type: 'trustly' } });
        return call(paymentCalls.payByBankLink, { body: { trans_ref: transRef }, idempotencyKey });
      }}
      onSettled={onSettled}
      onRefused={(error) => {
        if (error.type === 'QuoteExpired') onExpired();
        else if (error.type === 'InvalidTransition') {
          setUnavailable(true);
          onStale();
        } else showErrorModal(error);
      }}
    >
      {unavailable ? (
        <InlineMessage tone="error">
          <Trans>This transfer cannot be paid right now: a payment for it may already be in progress.</Trans>
        </InlineMessage>
      ) : null}
    </BankLinkSection>
  );
}
