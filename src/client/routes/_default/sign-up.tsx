import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { searchText } from '../../lib/search-params.ts';
import { requireAgentCode } from '../../lib/session/guards.ts';
import { enforce, guestsOnly } from '../../lib/session/route-guards.ts';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_default/sign-up')({
  staticData: { title: msg`Agent sign-up` },
  validateSearch: (search: Record<string, unknown>): { params?: string } => ({ params: searchText(search.params) }),
  beforeLoad: (input) => {
    guestsOnly(input);
    enforce(requireAgentCode(input.search.params));
  },
  component: () => (
    <ScreenIntro heading={msg`Agent sign-up`} description={msg`Create a customer account with your agent's code.`} />
  ),
});
