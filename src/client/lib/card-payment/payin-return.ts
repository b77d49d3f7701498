import { useEffect, useRef, useState } from 'react';
import { paymentCalls } from '../../../domain/contract/transfers/payment.ts';
import type { PaymentResult } from '../../../domain/contract/transfers.ts';
import { topUpCalls } from '../../../domain/contract/wallets/top-up.ts';
import type { TopUp } from '../../../domain/contract/wallets.ts';
import type { PaymentCode } from '../../../domain/payments.ts';
import { ApiFailure } from '../api/api-failure.ts';
import { call } from '../api/client.ts';
import { showErrorModal } from '../error-modal/error-modal-atom.ts';
import { checkCardEnrollment } from './check-card-enrollment.ts';
import type { PayinPurpose } from './payin-purpose.ts';
import { pollPayment } from './poll-payment.ts';

/**
 * The one return of a pay-in (a transfer's payment or a wallet top-up) from
 * the card's bank (3-D Secure, `/checkout-card-enrollment/:status`) or from
 * the bank-link provider (`/trustly-callback`): where it stands, asked of our
 * API until the bank answers. What it was for comes from `payin-purpose.ts`.
 */

/** Where each purpose's pay-in stands: the transfer's payment, or the top-up. */
export type PayinResult<P extends PayinPurpose> = P extends { kind: 'transfer' } ? PaymentResult : TopUp;

/**
 * Ask once where the pay-in stands: check-card-enrollment with the gateway's
 * payment id when the return names one (a card check), else the purpose's
 * own status (the transfer's payment-status, the top-up).
 */
export function askPayinStatus<P extends PayinPurpose>(
  purpose: P,
  paymentId: string | undefined,
  signal: AbortSignal,
): Promise<PayinResult<P>>;
export function askPayinStatus(
  purpose: PayinPurpose,
  paymentId: string | undefined,
  signal: AbortSignal,
): Promise<PaymentResult | TopUp> {
  if (purpose.kind === 'transfer') {
    return paymentId
      ? checkCardEnrollment(paymentId, 'payment', signal)
      : call(paymentCalls.getPaymentStatus, { query: { trans_ref: purpose.transRef }, signal });
  }
  return paymentId
    ? checkCardEnrollment(paymentId, 'top_up', signal)
    : call(topUpCalls.getTopUp, { params: { top_up_id: purpose.topUpId }, signal });
}

/** Where a return stands on screen: still confirming, paid, refused (the code to show), or no answer in time. */
export type PayinPhase<T> =
  | { name: 'confirming' }
  | { name: 'approved'; result: T }
  | { name: 'failed'; code: PaymentCode; result: T }
  | { name: 'gave-up' };

export interface PayinReturnOptions {
  /** the gateway's id of the card payment, when a card check's return names it (a bank-link return has none) */
  paymentId?: string;
  /** told once the pay-in is approved, before the approved phase shows */
  onApproved?: () => void;
}

/**
 * Back from the bank: the pay-in's status (`askPayinStatus`), asked at once
 * and then every 15 seconds while the bank has not answered (SPEC §4, §9). A
 * refusal another check cannot change opens the error modal and ends in
 * `gave-up`, as does no answer after the last check.
 */
export function usePayinReturn<P extends PayinPurpose>(
  purpose: P,
  { paymentId, onApproved }: PayinReturnOptions = {},
): PayinPhase<PayinResult<P>> {
  const [phase, setPhase] = useState<PayinPhase<PayinResult<P>>>({ name: 'confirming' });
  const approved = useRef(onApproved);
  approved.current = onApproved;
  const reference = purpose.kind === 'transfer' ? purpose.transRef : purpose.topUpId;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one poll per purpose, reference and payment
  useEffect(() => {
    const controller = new AbortController();
    pollPayment((signal) => askPayinStatus(purpose, paymentId, signal), { signal: controller.signal }).then(
      (outcome) => {
        if ('gaveUp' in outcome) return setPhase({ name: 'gave-up' });
        const { settled } = outcome;
        if (settled.status === 'APPROVED') {
          approved.current?.();
          setPhase({ name: 'approved', result: settled });
        } else setPhase({ name: 'failed', code: settled.code ?? 'unknown_error', result: settled });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        showErrorModal(error instanceof ApiFailure ? error : null);
        setPhase({ name: 'gave-up' });
      },
    );
    return () => controller.abort();
  }, [purpose.kind, reference, paymentId]);

  return phase;
}
