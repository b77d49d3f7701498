import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { continuingOnboarding } from '../../features/session/route-guards.ts';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_onboarding/email-verification')({
  staticData: { title: msg`Verify your e-mail`, hasBackButton: true },
  beforeLoad: (input) => continuingOnboarding(input),
  component: () => (
    <ScreenIntro
      heading={msg`Verify your e-mail`}
      description={msg`Enter the 6-digit code we sent to your e-mail address.`}
    />
  ),
});
