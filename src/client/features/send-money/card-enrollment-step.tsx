import { useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { CardEnrollmentReturn } from '../payment/card-enrollment-return.tsx';
import { clearSendMoneyDraft } from './send-money-draft.ts';

/** Back from 3-D Secure or the bank link for a send-money payment: the result settles (or ends) the transfer in progress. */
export function CardEnrollmentStep({ transRef, paymentId }: { transRef: string; paymentId?: string }) {
  const store = useStore();
  const navigate = useNavigate();
  return (
    <CardEnrollmentReturn
      transRef={transRef}
      paymentId={paymentId}
      onApproved={() => void clearSendMoneyDraft(store)}
      onLeave={() => {
        void clearSendMoneyDraft(store).then(() => navigate({ to: '/transfers' }));
      }}
    />
  );
}
