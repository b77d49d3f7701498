import { useLingui } from '@lingui/react/macro';
import { topUpCalls } from '../../../domain/contract/wallets/top-up.ts';
import type { TopUp } from '../../../domain/contract/wallets.ts';
import { displayMoney, formatMinor, type Minor } from '../../../domain/money.ts';
import { call } from '../../lib/api/client.ts';
import { BankLinkSection } from '../../lib/bank-link/bank-link-section.tsx';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';

interface BankLinkTopUpProps {
  currency: string;
  amount: Minor;
  onDone: (topUp: TopUp) => void;
}

/** Top up from the bank (bank link), beside the card: the bank picker, then /trustly-callback shows the result. */
export function BankLinkTopUp({ currency, amount, onDone }: BankLinkTopUpProps) {
  const { i18n } = useLingui();
  return (
    <BankLinkSection
      amount={displayMoney(amount, currency, i18n.locale)}
      currency={currency}
      start={(idempotencyKey) =>
        call(topUpCalls.topUpByBankLink, {
          body: { currency, amount: formatMinor(amount, currency) },
          idempotencyKey,
        })
      }
      onSettled={onDone}
      onRefused={showErrorModal}
    />
  );
}
