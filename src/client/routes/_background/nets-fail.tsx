import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { BankIdFailureScreen } from '../../features/bank-id/bank-id-return.tsx';
import { searchText } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_background/nets-fail')({
  staticData: { title: msg`Bank ID not confirmed` },
  validateSearch: (search: Record<string, unknown>): { reason?: string } => ({ reason: searchText(search.reason) }),
  component: function NetsFailRoute() {
    return <BankIdFailureScreen reason={Route.useSearch().reason} />;
  },
});
