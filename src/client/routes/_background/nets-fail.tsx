import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_background/nets-fail')({
  staticData: { title: msg`Bank ID not confirmed` },
  component: () => (
    <ScreenIntro
      heading={msg`Bank ID not confirmed`}
      description={msg`We could not confirm your identity with bank ID. Try again or choose another way to continue.`}
    />
  ),
});
