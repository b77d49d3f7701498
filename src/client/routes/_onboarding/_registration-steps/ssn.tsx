import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_onboarding/_registration-steps/ssn')({
  staticData: { title: msg`Social Security number`, hasBackButton: true },
  component: () => (
    <ScreenIntro
      heading={msg`Social Security number`}
      description={msg`We need your Social Security number to confirm your identity.`}
    />
  ),
});
