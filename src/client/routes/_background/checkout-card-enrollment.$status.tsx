import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotFoundContent } from '../../features/not-found/not-found.tsx';
import { CardEnrollmentStep } from '../../features/send-money/card-enrollment-step.tsx';
import { requireCardEnrollmentQuery } from '../../features/session/guards.ts';
import { enforce } from '../../features/session/route-guards.ts';
import { searchText } from '../../lib/search-params.ts';

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
    const { transactionReference } = Route.useSearch();
    return transactionReference ? <CardEnrollmentStep transRef={transactionReference} /> : <NotFoundContent />;
  },
});
