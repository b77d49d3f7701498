import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NameScreen } from '../../features/onboarding/name-screen.tsx';

export const Route = createFileRoute('/_registration-steps/registration-name')({
  staticData: { title: msg`Your name`, hasBackButton: true },
  component: NameScreen,
});
