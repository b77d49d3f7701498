import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { areaNotAvailable } from '../../lib/session/route-guards.ts';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_onboarding/area-not-available')({
  staticData: { title: msg`Not available in your area yet`, hasBackButton: true },
  beforeLoad: areaNotAvailable,
  component: () => (
    <ScreenIntro
      heading={msg`Not available in your area yet`}
      description={msg`Leave your details and we will tell you as soon as we launch where you live.`}
    />
  ),
});
