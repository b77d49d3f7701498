import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_onboarding/_registration-steps/registration-nationality')({
  staticData: { title: msg`Your nationality`, hasBackButton: true },
  component: () => (
    <ScreenIntro heading={msg`Your nationality`} description={msg`Choose the nationality shown on your ID document.`} />
  ),
});
