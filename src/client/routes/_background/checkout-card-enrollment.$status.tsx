import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CardReturnUnknown } from '../../features/payment/card-return-unknown.tsx';
import { CardEnrollmentStep } from '../../features/send-money/card-enrollment-step.tsx';
import { searchText } from '../../lib/search-params.ts';
import { requireCardEnrollmentQuery } from '../../lib/session/guards.ts';
import { enforce } from '../../lib/session/route-guards.ts';

/** The routeName our API gives the gateway for a send-money card payment. */
const SEND_MONEY_PAY = 'send-money-pay';

interface CardEnrollmentSearch {
  status?: string;
  provider?: string;
  routeName?: string;
  transactionReference?: string;
}

/** The card gateway returns here after a card check (3-D Secure), with the outcome in the query. */
export const Route = createFileRoute('/_background/checkout-card-enrollment/$status')({
  staticData: { title: msg`Card verification` },
  validateSearch: (search: Record<string, unknown>): CardEnrollmentSearch => ({
    status: searchText(search.status),
    provider: searchText(search.provider),
    routeName: searchText(search.routeName),
    transactionReference: searchText(search.transactionReference),
  }),
  beforeLoad: ({ search }) => enforce(requireCardEnrollmentQuery(search)),
  component: function CardEnrollment() {
    const { routeName, transactionReference } = Route.useSearch();
    return routeName === SEND_MONEY_PAY && transactionReference ? (
      <CardEnrollmentStep transRef={transactionReference} />
    ) : (
      <CardReturnUnknown />
    );
  },
});
