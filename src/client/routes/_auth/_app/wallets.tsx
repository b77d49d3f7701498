import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { WalletsScreen } from '../../../features/wallets/wallets-screen.tsx';

export const Route = createFileRoute('/_auth/_app/wallets')({
  staticData: { title: msg`Wallets` },
  component: WalletsScreen,
});
