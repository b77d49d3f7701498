import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CardReturnUnknown } from '../../features/payment/card-return-unknown.tsx';
import { CardEnrollmentStep } from '../../features/send-money/card-enrollment-step.tsx';
import { TopUpReturn } from '../../features/wallets/top-up-return.tsx';
import { type PayinReturnQuery, payinPurpose, payinReturnQuery } from '../../lib/card-payment/payin-purpose.ts';
import { searchText } from '../../lib/search-params.ts';
import { requireCardEnrollmentQuery } from '../../lib/session/guards.ts';
import { enforce } from '../../lib/session/route-guards.ts';

interface CardEnrollmentSearch extends PayinReturnQuery {
  status?: string;
  provider?: string;
  /** the gateway's id of the payment the card check was for */
  payment_id?: string;
}

/** The card gateway returns here after a card check (3-D Secure), with the outcome in the query. */
export const Route = createFileRoute('/_background/checkout-card-enrollment/$status')({
  staticData: { title: msg`Card verification` },
  validateSearch: (search: Record<string, unknown>): CardEnrollmentSearch => ({
    status: searchText(search.status),
    provider: searchText(search.provider),
    ...payinReturnQuery(search),
    payment_id: searchText(search.payment_id),
  }),
  beforeLoad: ({ search }) => enforce(requireCardEnrollmentQuery(search)),
  component: function CardEnrollment() {
    const search = Route.useSearch();
    const purpose = payinPurpose(search);
    if (purpose?.kind === 'transfer')
      return <CardEnrollmentStep transRef={purpose.transRef} paymentId={search.payment_id} />;
    if (purpose?.kind === 'top-up') return <TopUpReturn topUpId={purpose.topUpId} paymentId={search.payment_id} />;
    return <CardReturnUnknown />;
  },
});
