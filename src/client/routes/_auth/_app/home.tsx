import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_auth/_app/home')({
  staticData: { title: msg`Home` },
  component: () => (
    <ScreenIntro
      heading={msg`Home`}
      description={msg`Your wallets, recent transfers and quick actions in one place.`}
    />
  ),
});
