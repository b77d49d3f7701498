import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_onboarding/verifying-in-progress')({
  staticData: { title: msg`We are checking your details` },
  component: () => (
    <ScreenIntro
      heading={msg`We are checking your details`}
      description={msg`This usually takes a few minutes and can take up to 24 hours. We will tell you by e-mail when it is done.`}
    />
  ),
});
