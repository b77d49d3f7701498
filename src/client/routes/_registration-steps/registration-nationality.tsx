import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NationalityScreen } from '../../features/onboarding/nationality-screen.tsx';

export const Route = createFileRoute('/_registration-steps/registration-nationality')({
  staticData: { title: msg`Your nationality`, hasBackButton: true },
  component: NationalityScreen,
});
