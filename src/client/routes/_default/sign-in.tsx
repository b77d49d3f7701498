import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { SignInScreen } from '../../features/sign-in/sign-in-screen.tsx';
import { searchText } from '../../lib/search-params.ts';
import { guestsOnly } from '../../lib/session/route-guards.ts';

// bank ID is one of the other options (Sweden, Norway): its form, and the phone rules of the contract it calls (the
// phone number metadata), load when it is chosen, not with the sign-in screen
const BankIdSignIn = lazy(() =>
  import('../../features/bank-id/bank-id-sign-in.tsx').then((module) => ({ default: module.BankIdSignIn })),
);

export const Route = createFileRoute('/_default/sign-in')({
  staticData: { title: msg`Sign in` },
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: searchText(search.redirect),
  }),
  beforeLoad: guestsOnly,
  component: function SignInRoute() {
    return <SignInScreen redirect={Route.useSearch().redirect} bankIdSignIn={<BankIdSignIn />} />;
  },
});
