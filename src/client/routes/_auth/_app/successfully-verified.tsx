import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { VerifiedScreen } from '../../../features/verification/verified-screen.tsx';

export const Route = createFileRoute('/_auth/_app/successfully-verified')({
  staticData: { title: msg`You are verified` },
  component: VerifiedScreen,
});
