import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CardReturnUnknown } from '../../features/payment/card-return-unknown.tsx';
import { CardEnrollmentStep } from '../../features/send-money/card-enrollment-step.tsx';
import { TopUpReturn } from '../../features/wallets/top-up-return.tsx';
import { searchText } from '../../lib/search-params.ts';
import { requireCardEnrollmentQuery } from '../../lib/session/guards.ts';
import { enforce } from '../../lib/session/route-guards.ts';

/** The routeName our API gives the gateway for a send-money card payment. */
const SEND_MONEY_PAY = 'send-money-pay';
/** The routeName our API gives the gateway for a wallet top-up by card. */
const WALLET_TOP_UP = 'wallet-top-up';

interface CardEnrollmentSearch {
  status?: string;
  provider?: string;
  routeName?: string;
  transactionReference?: string;
  top_up_id?: string;
  /** the gateway's id of the payment the card check was for */
  payment_id?: string;
}

/** The card gateway returns here after a card check (3-D Secure), with the outcome in the query. */
export const Route = createFileRoute('/_background/checkout-card-enrollment/$status')({
  staticData: { title: msg`Card verification` },
  validateSearch: (search: Record<string, unknown>): CardEnrollmentSearch => ({
    status: searchText(search.status),
    provider: searchText(search.provider),
    routeName: searchText(search.routeName),
    transactionReference: searchText(search.transactionReference),
    top_up_id: searchText(search.top_up_id),
    payment_id: searchText(search.payment_id),
  }),
  beforeLoad: ({ search }) => enforce(requireCardEnrollmentQuery(search)),
  component: function CardEnrollment() {
    const { routeName, transactionReference, top_up_id, payment_id } = Route.useSearch();
    if (routeName === SEND_MONEY_PAY && transactionReference)
      return <CardEnrollmentStep transRef={transactionReference} paymentId={payment_id} />;
    if (routeName === WALLET_TOP_UP && top_up_id) return <TopUpReturn topUpId={top_up_id} paymentId={payment_id} />;
    return <CardReturnUnknown />;
  },
});
