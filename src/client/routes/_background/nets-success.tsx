import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_background/nets-success')({
  staticData: { title: msg`Bank ID confirmed` },
  component: () => (
    <ScreenIntro
      heading={msg`Bank ID confirmed`}
      description={msg`Your identity has been confirmed. We are taking you to the next step.`}
    />
  ),
});
