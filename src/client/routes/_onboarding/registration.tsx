import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { BankIdForm } from '../../features/bank-id/bank-id-form.tsx';
import { RegistrationScreen } from '../../features/registration/registration-screen.tsx';
import { searchText } from '../../lib/search-params.ts';
import { continuingOnboarding } from '../../lib/session/route-guards.ts';

export const Route = createFileRoute('/_onboarding/registration')({
  staticData: { title: msg`Create your account`, hasBackButton: true },
  validateSearch: (search: Record<string, unknown>): { 'nets-callback'?: string } => ({
    'nets-callback': searchText(search['nets-callback']),
  }),
  beforeLoad: (input) => continuingOnboarding(input, input.search['nets-callback'] !== undefined),
  component: function RegistrationRoute() {
    return (
      <RegistrationScreen
        bankIdRegistration={(country) => <BankIdForm purpose="registration" countries={[country]} />}
      />
    );
  },
});
