import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_onboarding/sign-in-country')({
  staticData: { title: msg`Where do you live?`, hasBackButton: true },
  component: () => (
    <ScreenIntro
      heading={msg`Where do you live?`}
      description={msg`Choose your country of residence to sign in to the right service.`}
    />
  ),
});
