import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { continuingOnboarding } from '../../features/session/route-guards.ts';
import { searchText } from '../../lib/search-params.ts';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_onboarding/registration')({
  staticData: { title: msg`Create your account`, hasBackButton: true },
  validateSearch: (search: Record<string, unknown>): { 'nets-callback'?: string } => ({
    'nets-callback': searchText(search['nets-callback']),
  }),
  beforeLoad: (input) => continuingOnboarding(input, input.search['nets-callback'] !== undefined),
  component: () => (
    <ScreenIntro
      heading={msg`Create your account`}
      description={msg`Register with bank ID or e-mail. You will be asked to accept our terms and privacy policy.`}
    />
  ),
});
