import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_onboarding/_registration-steps/address')({
  staticData: { title: msg`Enter your address`, hasBackButton: true },
  component: () => (
    <ScreenIntro
      heading={msg`Enter your address`}
      description={msg`Type your home address as it appears on your documents.`}
    />
  ),
});
