import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { continuingOnboarding } from '../../lib/session/route-guards.ts';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_onboarding/phone-verification')({
  staticData: { title: msg`Verify your phone`, hasBackButton: true },
  beforeLoad: (input) => continuingOnboarding(input),
  component: () => (
    <ScreenIntro heading={msg`Verify your phone`} description={msg`Enter the 6-digit code we sent to your phone.`} />
  ),
});
