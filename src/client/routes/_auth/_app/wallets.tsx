import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { askWalletsAnswers } from '../../../features/wallets/wallets-answers.ts';
import { WalletsScreen } from '../../../features/wallets/wallets-screen.tsx';

export const Route = createFileRoute('/_auth/_app/wallets')({
  staticData: { title: msg`Wallets` },
  // not awaited: the page's data is asked for beside its code (the loader ships with the screen), and the page never
  // waits for it
  loader: askWalletsAnswers,
  component: WalletsScreen,
});
