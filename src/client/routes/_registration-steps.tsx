import { createFileRoute } from '@tanstack/react-router';
import { RegistrationLayout } from '../layouts/onboarding/registration-layout.tsx';
import { onboardingStep } from '../lib/session/route-guards.ts';

export const Route = createFileRoute('/_registration-steps')({
  beforeLoad: onboardingStep,
  component: RegistrationLayout,
});
