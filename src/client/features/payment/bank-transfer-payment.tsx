import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { paymentCalls } from '../../../domain/contract/transfers/payment.ts';
import type { BankDetailField, Transfer } from '../../../domain/contract/transfers.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { useWireMoney } from '../../lib/use-wire-money.ts';
import { buttonClass } from '../../ui/button.ts';
import { CopyButton } from '../../ui/copy-button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { Figure, Figures } from '../../ui/summary-box.tsx';
import { BankTransferQr } from './bank-transfer-qr.tsx';
import styles from './payment.module.css';

const FIELD_LABELS: Readonly<Record<BankDetailField, MessageDescriptor>> = {
  iban: msg`IBAN`,
  bic: msg`BIC / SWIFT`,
  sort_code: msg`Sort code`,
  account_number: msg`Account number`,
  routing_number: msg`Routing number`,
  institution_number: msg`Institution number`,
  transit_number: msg`Transit number`,
};

interface BankTransferPaymentProps {
  transfer: Transfer;
  expired: boolean;
  /** the transfer changed on the server: load it again */
  onStale: () => void;
}

/**
 * Pay by bank transfer (SPEC §2 payment: bank transfer): choosing it shows
 * our account, the exact amount and the transfer's reference; the transfer
 * waits until the money arrives.
 */
export function BankTransferPayment({ transfer, expired, onStale }: BankTransferPaymentProps) {
  const { i18n, t } = useLingui();
  const money = useWireMoney();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const instructions = transfer.bank_transfer;

  const choose = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await call(paymentCalls.setPaymentType, { body: { trans_ref: transfer.trans_ref, payment_type: 'bank' } });
      onStale();
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      if (error.status === 0) setFailed(true);
      else showErrorModal(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="bank-transfer-title" className={styles.method}>
      <h2 id="bank-transfer-title">
        <Trans>Pay by bank transfer</Trans>
      </h2>
      {instructions ? (
        <>
          <p>
            <Trans>
              Send exactly this amount from your bank to our account, with the reference below. We start your transfer
              as soon as the money arrives; money that arrives after the rate has run out goes to your wallet.
            </Trans>
          </p>
          <Figures>
            <Figure label={<Trans>Account name</Trans>}>{instructions.account_name}</Figure>
            <Figure label={<Trans>Bank</Trans>}>{instructions.bank_name}</Figure>
            {instructions.account.map(({ field, value }) => (
              <Figure key={field} label={i18n._(FIELD_LABELS[field])}>
                <span className={styles.code}>{value}</span>
                <CopyButton value={value} what={i18n._(FIELD_LABELS[field])} />
              </Figure>
            ))}
            <Figure label={<Trans>Amount</Trans>} strong>
              {money(instructions.amount, instructions.currency)}
            </Figure>
            <Figure label={<Trans>Payment reference</Trans>} strong>
              <span className={styles.code}>{instructions.reference}</span>
              <CopyButton value={instructions.reference} what={t`the payment reference`} />
            </Figure>
          </Figures>
          <BankTransferQr instructions={instructions} expired={expired} />
          <p role="status">
            <Trans>Waiting for your money to arrive.</Trans>
          </p>
          <button type="button" className={`${buttonClass('secondary')} ${styles.longLabel}`} onClick={onStale}>
            <Trans>Check for my payment</Trans>
          </button>
        </>
      ) : (
        <>
          <p className={styles.muted}>
            <Trans>Pay from your own bank account. We give you our account details and a reference to use.</Trans>
          </p>
          <button
            type="button"
            className={`${buttonClass('secondary')} ${styles.longLabel}`}
            disabled={busy || expired}
            aria-busy={busy}
            onClick={() => void choose()}
          >
            <Trans>Show our bank details</Trans>
          </button>
        </>
      )}
      {failed ? (
        <InlineMessage tone="error">
          <Trans>We could not reach the payment service. Check your connection and try again.</Trans>
        </InlineMessage>
      ) : null}
    </section>
  );
}
