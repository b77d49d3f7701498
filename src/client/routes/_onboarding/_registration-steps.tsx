import { createFileRoute } from '@tanstack/react-router';
import { RegistrationLayout } from '../../layouts/onboarding/registration-layout.tsx';
import { registrationStep } from '../../lib/session/route-guards.ts';

export const Route = createFileRoute('/_onboarding/_registration-steps')({
  beforeLoad: registrationStep,
  component: RegistrationLayout,
});
