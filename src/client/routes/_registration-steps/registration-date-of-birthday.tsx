import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { BirthDateScreen } from '../../features/onboarding/birth-date-screen.tsx';

export const Route = createFileRoute('/_registration-steps/registration-date-of-birthday')({
  staticData: { title: msg`Your date of birth`, hasBackButton: true },
  component: BirthDateScreen,
});
