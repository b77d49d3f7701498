import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { RecoveryPasswordScreen } from '../../features/sign-in/recovery-password-screen.tsx';
import { guestsOnly } from '../../lib/session/route-guards.ts';

export const Route = createFileRoute('/_default/recovery-password')({
  staticData: { title: msg`Reset your password` },
  beforeLoad: guestsOnly,
  component: RecoveryPasswordScreen,
});
