import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordScreen } from '../../features/account-security/change-password-screen.tsx';
import { authOnly } from '../../lib/session/route-guards.ts';

export const Route = createFileRoute('/_default/change-password')({
  staticData: { title: msg`Change your password` },
  beforeLoad: authOnly,
  component: ChangePasswordScreen,
});
