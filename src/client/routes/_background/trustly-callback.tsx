import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CardEnrollmentStep } from '../../features/send-money/card-enrollment-step.tsx';
import { TopUpReturn } from '../../features/wallets/top-up-return.tsx';
import { searchText } from '../../lib/search-params.ts';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

/** The routeName our API gives the bank-link provider for a send-money payment. */
const SEND_MONEY_PAY = 'send-money-pay';
/** The routeName our API gives the bank-link provider for a wallet top-up. */
const WALLET_TOP_UP = 'wallet-top-up';

interface BankLinkSearch {
  routeName?: string;
  transactionReference?: string;
  top_up_id?: string;
}

/**
 * The bank-link provider returns here after the customer approved or
 * cancelled at their bank. The query only says what to look at: the result
 * is always asked of our API, which asks the provider.
 */
export const Route = createFileRoute('/_background/trustly-callback')({
  staticData: { title: msg`Connecting your bank` },
  validateSearch: (search: Record<string, unknown>): BankLinkSearch => ({
    routeName: searchText(search.routeName),
    transactionReference: searchText(search.transactionReference),
    top_up_id: searchText(search.top_up_id),
  }),
  component: function BankLinkCallback() {
    const { routeName, transactionReference, top_up_id } = Route.useSearch();
    if (routeName === SEND_MONEY_PAY && transactionReference)
      return <CardEnrollmentStep transRef={transactionReference} />;
    if (routeName === WALLET_TOP_UP && top_up_id) return <TopUpReturn topUpId={top_up_id} />;
    return (
      <ScreenIntro
        heading={msg`Connecting your bank`}
        description={msg`We are finishing the connection to your bank. Keep this page open.`}
      />
    );
  },
});
