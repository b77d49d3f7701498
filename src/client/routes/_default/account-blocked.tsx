import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_default/account-blocked')({
  staticData: { title: msg`Account blocked` },
  component: () => (
    <ScreenIntro
      heading={msg`Account blocked`}
      description={msg`Your account has been blocked. Contact Customer Support to find out why and what to do next.`}
    />
  ),
});
