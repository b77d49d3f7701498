import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_background/nets-agent')({
  staticData: { title: msg`Confirming your identity` },
  component: () => (
    <ScreenIntro
      heading={msg`Confirming your identity`}
      description={msg`We are checking the answer from your bank ID. This takes a moment.`}
    />
  ),
});
