import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CodeVerificationScreen } from '../../features/registration/code-verification-screen.tsx';
import { continuingOnboarding } from '../../lib/session/route-guards.ts';

export const Route = createFileRoute('/_onboarding/email-verification')({
  staticData: { title: msg`Verify your e-mail`, hasBackButton: true },
  beforeLoad: (input) => continuingOnboarding(input),
  component: () => <CodeVerificationScreen method="email" />,
});
