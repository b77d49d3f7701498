import { createFileRoute } from '@tanstack/react-router';
import { registrationStep } from '../../features/session/route-guards.ts';
import { RegistrationLayout } from '../../layouts/onboarding/registration-layout.tsx';

export const Route = createFileRoute('/_onboarding/_registration-steps')({
  beforeLoad: registrationStep,
  component: RegistrationLayout,
});
