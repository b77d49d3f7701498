import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { SsnScreen } from '../../features/onboarding/ssn-screen.tsx';

export const Route = createFileRoute('/_registration-steps/ssn')({
  staticData: { title: msg`Social Security number`, hasBackButton: true },
  component: SsnScreen,
});
