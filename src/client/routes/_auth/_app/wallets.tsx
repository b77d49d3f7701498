import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { WalletsScreen } from '../../../features/wallets/wallets-screen.tsx';
import { askOnLoad } from '../../../lib/api/ask-on-load.ts';

export const Route = createFileRoute('/_auth/_app/wallets')({
  staticData: { title: msg`Wallets` },
  loader: ({ preload }) => askOnLoad(preload, () => import('../../../features/wallets/wallets-answers.ts')),
  component: WalletsScreen,
});
