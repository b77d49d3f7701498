import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AreaNotAvailableScreen } from '../../features/country-of-residence/area-not-available-screen.tsx';
import { areaNotAvailable } from '../../lib/session/route-guards.ts';

export const Route = createFileRoute('/_onboarding/area-not-available')({
  staticData: { title: msg`Not available in your area yet`, hasBackButton: true },
  beforeLoad: areaNotAvailable,
  component: AreaNotAvailableScreen,
});
