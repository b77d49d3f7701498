import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../../features/home/home-screen.tsx';
import { WalletsCard } from '../../../features/wallets/wallets-card.tsx';

export const Route = createFileRoute('/_auth/_app/home')({
  staticData: { title: msg`Home` },
  component: () => (
    <>
      <HomeScreen />
      <WalletsCard />
    </>
  ),
});
