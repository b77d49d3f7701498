import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_onboarding/_registration-steps/registration-date-of-birthday')({
  staticData: { title: msg`Your date of birth`, hasBackButton: true },
  component: () => (
    <ScreenIntro heading={msg`Your date of birth`} description={msg`You must be at least 18 years old to register.`} />
  ),
});
