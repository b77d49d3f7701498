import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { UsageScreen } from '../../features/onboarding/usage-screen.tsx';

export const Route = createFileRoute('/_registration-steps/registration-reason-of-usage')({
  staticData: { title: msg`Why will you use your account?`, hasBackButton: true },
  component: UsageScreen,
});
