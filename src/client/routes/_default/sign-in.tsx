import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { SignInScreen } from '../../features/auth/sign-in-screen.tsx';
import { searchText } from '../../lib/search-params.ts';
import { guestsOnly } from '../../lib/session/route-guards.ts';

export const Route = createFileRoute('/_default/sign-in')({
  staticData: { title: msg`Sign in` },
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: searchText(search.redirect),
  }),
  beforeLoad: guestsOnly,
  component: function SignInRoute() {
    return <SignInScreen redirect={Route.useSearch().redirect} />;
  },
});
