import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_onboarding/_registration-steps/address-search')({
  staticData: { title: msg`Your home address`, hasBackButton: true },
  component: () => (
    <ScreenIntro heading={msg`Your home address`} description={msg`Search for your address, or enter it yourself.`} />
  ),
});
