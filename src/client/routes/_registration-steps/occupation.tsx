import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OccupationScreen } from '../../features/onboarding/occupation-screen.tsx';

export const Route = createFileRoute('/_registration-steps/occupation')({
  staticData: { title: msg`Your occupation`, hasBackButton: true },
  component: OccupationScreen,
});
