import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_onboarding/_registration-steps/registration-name')({
  staticData: { title: msg`Your name`, hasBackButton: true },
  component: () => (
    <ScreenIntro
      heading={msg`Your name`}
      description={msg`Enter your name exactly as it appears on your ID document.`}
    />
  ),
});
