import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_onboarding/country-of-residence')({
  staticData: { title: msg`Country of residence` },
  component: () => (
    <ScreenIntro
      heading={msg`Country of residence`}
      description={msg`Tell us where you live so we can show you the services available there.`}
    />
  ),
});
