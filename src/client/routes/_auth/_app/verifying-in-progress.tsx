import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { VerifyingScreen } from '../../../features/verification/verifying-screen.tsx';

export const Route = createFileRoute('/_auth/_app/verifying-in-progress')({
  staticData: { title: msg`We are checking your details` },
  component: VerifyingScreen,
});
