import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AddressScreen } from '../../features/onboarding/address-screen.tsx';

export const Route = createFileRoute('/_registration-steps/address')({
  staticData: { title: msg`Enter your address`, hasBackButton: true },
  component: AddressScreen,
});
