import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import type { TransferSummary } from '../../../domain/contract/transfers.ts';
import { buttonClass } from '../../ui/button.ts';
import { clearSendMoneyDraft, updateSendMoneyDraft } from './send-money-draft.ts';

/**
 * Repeat a past transfer in one tap: a new send-money draft with the same
 * destination, payout type, amount sent, recipient and purpose, opened at the
 * quote step for a fresh rate.
 */
export function SendAgain({ transfer }: { transfer: TransferSummary }) {
  const store = useStore();
  const navigate = useNavigate();
  const start = async () => {
    await clearSendMoneyDraft(store);
    await updateSendMoneyDraft(
      () => ({
        version: 1,
        destination: { country: transfer.destination_country, payoutType: transfer.trans_type },
        amount: { value: transfer.send_amount, type: 'SOURCE' },
        beneficiaryId: transfer.beneficiary.id,
        purpose: transfer.purpose,
      }),
      store,
    );
    await navigate({ to: '/send-money/quote' });
  };
  return (
    <button type="button" className={buttonClass('secondary')} onClick={start}>
      <Trans>Send again</Trans>
    </button>
  );
}
