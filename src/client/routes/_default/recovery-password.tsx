import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_default/recovery-password')({
  staticData: { title: msg`Reset your password` },
  component: () => (
    <ScreenIntro
      heading={msg`Reset your password`}
      description={msg`Enter the e-mail address of your account and we will send you a link to choose a new password.`}
    />
  ),
});
