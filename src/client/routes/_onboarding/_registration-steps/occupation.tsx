import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_onboarding/_registration-steps/occupation')({
  staticData: { title: msg`Your occupation`, hasBackButton: true },
  component: () => <ScreenIntro heading={msg`Your occupation`} description={msg`Tell us what you do for a living.`} />,
});
