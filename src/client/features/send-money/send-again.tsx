import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';
import type { TransferSummary } from '../../../domain/contract/transfers.ts';
import type { PayoutType } from '../../../domain/payout-types.ts';
import type { AppStore } from '../../lib/session/app-store.ts';
import { buttonClass } from '../../ui/button.ts';
import type { NetworkActionProps } from '../../ui/offline-notice.tsx';
import { isPurpose } from './choose-recipient.ts';
import { clearSendMoneyDraft, type SendMoneyDraft, updateSendMoneyDraft } from './send-money-draft.ts';

/**
 * A new send-money draft to a recipient already chosen, opened at the quote step for a fresh rate; the recipient
 * stays chosen (the steps after "Your details" go straight to the review) unless another destination is picked.
 */
async function startTo(
  store: AppStore,
  to: { country: string; payoutType: PayoutType; beneficiaryId: string; purpose: string | null | undefined },
  amount: SendMoneyDraft['amount'],
) {
  await clearSendMoneyDraft(store);
  await updateSendMoneyDraft(
    () => ({
      version: 1,
      destination: { country: to.country, payoutType: to.payoutType },
      ...(amount ? { amount } : {}),
      beneficiaryId: to.beneficiaryId,
      ...(isPurpose(to.purpose) ? { purpose: to.purpose } : {}),
    }),
    store,
  );
}

/**
 * Repeat a past transfer in one tap: a new send-money draft with the same
 * destination, payout type, amount sent, recipient and purpose, opened at the
 * quote step for a fresh rate.
 */
export function SendAgain({ transfer }: { transfer: TransferSummary }) {
  const store = useStore();
  const navigate = useNavigate();
  const start = async () => {
    const to = {
      country: transfer.destination_country,
      payoutType: transfer.trans_type,
      beneficiaryId: transfer.beneficiary.id,
      purpose: transfer.purpose,
    };
    await startTo(store, to, { value: transfer.send_amount, type: 'SOURCE' });
    await navigate({ to: '/send-money/quote' });
  };
  return (
    <button type="button" className={buttonClass('secondary')} onClick={start}>
      <Trans>Send again</Trans>
    </button>
  );
}

/** /recipients' "Send" of one recipient: a transfer to them, from the amount on. */
export function SendToRecipient({
  recipient,
  actionProps,
}: {
  recipient: Beneficiary;
  /** disabled while the list is last-known (offline): a quote needs the network */
  actionProps: NetworkActionProps;
}) {
  const store = useStore();
  const navigate = useNavigate();
  const start = async () => {
    const to = {
      country: recipient.country_iso2,
      payoutType: recipient.payout_type,
      beneficiaryId: recipient.id,
      purpose: recipient.values.purpose_of_transaction,
    };
    await startTo(store, to, undefined);
    await navigate({ to: '/send-money/quote' });
  };
  return (
    <button type="button" className={buttonClass('primary')} {...actionProps} onClick={() => void start()}>
      <Trans>
        Send <span className="visually-hidden">to {recipient.display_name}</span>
      </Trans>
    </button>
  );
}
