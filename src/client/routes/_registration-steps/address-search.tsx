import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AddressSearchScreen } from '../../features/onboarding/address-search-screen.tsx';

export const Route = createFileRoute('/_registration-steps/address-search')({
  staticData: { title: msg`Your home address`, hasBackButton: true },
  component: AddressSearchScreen,
});
