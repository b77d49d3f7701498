import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_auth/_app/wallets')({
  staticData: { title: msg`Wallets` },
  component: () => (
    <ScreenIntro heading={msg`Wallets`} description={msg`Your balances, cards, top-ups and conversions.`} />
  ),
});
