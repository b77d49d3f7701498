import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { SignInCountryScreen } from '../../features/country-of-residence/sign-in-country-screen.tsx';
import { searchText } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_onboarding/sign-in-country')({
  staticData: { title: msg`Where do you live?`, hasBackButton: true },
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: searchText(search.redirect),
  }),
  component: function SignInCountryRoute() {
    return <SignInCountryScreen redirect={Route.useSearch().redirect} />;
  },
});
