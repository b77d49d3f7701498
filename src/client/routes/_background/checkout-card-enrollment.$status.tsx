import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireCardEnrollmentQuery } from '../../features/session/guards.ts';
import { enforce } from '../../features/session/route-guards.ts';
import { searchText } from '../../lib/search-params.ts';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

/** The card gateway returns here after a card check (3-D Secure). */
export const Route = createFileRoute('/_background/checkout-card-enrollment/$status')({
  staticData: {
    title: ({ status }) => (status === 'success' ? msg`Card verified` : msg`Card not verified`),
  },
  validateSearch: (search: Record<string, unknown>): { status?: string; provider?: string; routeName?: string } => ({
    status: searchText(search.status),
    provider: searchText(search.provider),
    routeName: searchText(search.routeName),
  }),
  beforeLoad: ({ search }) => enforce(requireCardEnrollmentQuery(search)),
  component: () => (
    <ScreenIntro heading={msg`Card verification`} description={msg`We are checking the result of your card check.`} />
  ),
});
