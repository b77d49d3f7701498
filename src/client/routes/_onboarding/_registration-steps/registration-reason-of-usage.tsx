import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_onboarding/_registration-steps/registration-reason-of-usage')({
  staticData: { title: msg`Why will you use your account?`, hasBackButton: true },
  component: () => (
    <ScreenIntro
      heading={msg`Why will you use your account?`}
      description={msg`Tell us the main reason, for example family support, bills or savings.`}
    />
  ),
});
