import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TopUpScreen } from '../../../features/wallets/top-up-screen.tsx';
import { searchText } from '../../../lib/search-params.ts';

export const Route = createFileRoute('/_auth/_app/top-up')({
  staticData: { title: msg`Top up a wallet` },
  validateSearch: (search: Record<string, unknown>): { currency?: string } => ({
    currency: searchText(search.currency),
  }),
  component: function TopUp() {
    const { currency } = Route.useSearch();
    return <TopUpScreen currency={currency} />;
  },
});
