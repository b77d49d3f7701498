import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AgentSignUpScreen } from '../../features/registration/agent-sign-up-screen.tsx';
import { searchText } from '../../lib/search-params.ts';
import { requireAgentCode } from '../../lib/session/guards.ts';
import { enforce, guestsOnly } from '../../lib/session/route-guards.ts';

export const Route = createFileRoute('/_default/sign-up')({
  staticData: { title: msg`Agent sign-up` },
  validateSearch: (search: Record<string, unknown>): { params?: string } => ({ params: searchText(search.params) }),
  beforeLoad: (input) => {
    guestsOnly(input);
    enforce(requireAgentCode(input.search.params));
  },
  component: function SignUpRoute() {
    return <AgentSignUpScreen agentCode={Route.useSearch().params ?? ''} />;
  },
});
