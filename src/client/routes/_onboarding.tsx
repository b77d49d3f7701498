import { createFileRoute } from '@tanstack/react-router';
import { guestsOnly } from '../features/session/route-guards.ts';
import { OnboardingLayout } from '../layouts/onboarding/onboarding-layout.tsx';

export const Route = createFileRoute('/_onboarding')({
  beforeLoad: guestsOnly,
  component: OnboardingLayout,
});
