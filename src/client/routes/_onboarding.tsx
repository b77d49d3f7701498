import { createFileRoute } from '@tanstack/react-router';
import { OnboardingLayout } from '../layouts/onboarding/onboarding-layout.tsx';
import { guestsOnly } from '../lib/session/route-guards.ts';

export const Route = createFileRoute('/_onboarding')({
  beforeLoad: guestsOnly,
  component: OnboardingLayout,
});
