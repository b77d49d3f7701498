import type { ReactNode } from 'react';
import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';
import type { NetworkActionProps } from '../../ui/offline-notice.tsx';
import { findOption } from './corridors.ts';
import { SendToRecipient } from './send-again.tsx';
import { useFxRates } from './use-fx-rates.ts';

/**
 * /recipients' Send buttons: one for each recipient whose way of receiving is offered today (the server lists it in
 * `fx-rates`). A recipient the payout side no longer pays out to (card payouts turned off, a partner that pays bank
 * accounts only) gets none, rather than a button whose quote is refused. While the list loads, or when it cannot be
 * had, the button is shown and the quote step decides.
 */
export function useSendToRecipient(): (recipient: Beneficiary, actionProps: NetworkActionProps) => ReactNode {
  const rates = useFxRates();
  return (recipient, actionProps) => {
    const route = { country: recipient.country_iso2, payoutType: recipient.payout_type };
    const offered = rates.status !== 'ready' || findOption(rates.data, route) !== undefined;
    return offered ? <SendToRecipient recipient={recipient} actionProps={actionProps} /> : null;
  };
}
