import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_background/trustly-callback')({
  staticData: { title: msg`Connecting your bank` },
  component: () => (
    <ScreenIntro
      heading={msg`Connecting your bank`}
      description={msg`We are finishing the connection to your bank. Keep this page open.`}
    />
  ),
});
