import { useStore } from 'jotai';
import { PayScreen } from '../payment/pay-screen.tsx';
import { clearSendMoneyDraft } from './send-money-draft.ts';

/** Step 4, Pay: once the transfer is paid, the draft that made it is done with. */
export function PayStep({ transRef }: { transRef: string }) {
  const store = useStore();
  return <PayScreen transRef={transRef} onApproved={() => void clearSendMoneyDraft(store)} />;
}
