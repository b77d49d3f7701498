import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { HomeScreen } from '../../../features/home/home-screen.tsx';
import { WalletsCard } from '../../../features/wallets/wallets-card.tsx';
import { askOnLoad } from '../../../lib/api/ask-on-load.ts';

// only a customer asked for a document needs the task list and its uploads: they load then
const VerificationTasks = lazy(() =>
  import('../../../features/verification/verification-tasks.tsx').then((module) => ({
    default: module.VerificationTasks,
  })),
);

export const Route = createFileRoute('/_auth/_app/home')({
  staticData: { title: msg`Home` },
  loader: ({ preload }) => askOnLoad(preload, () => import('../../../features/home/home-answers.ts')),
  component: Home,
});

function Home() {
  return (
    <>
      <HomeScreen
        tasks={(data, actionProps, reload) => (
          <Suspense fallback={null}>
            <VerificationTasks data={data} actionProps={actionProps} onUploaded={reload} />
          </Suspense>
        )}
      />
      <WalletsCard />
    </>
  );
}
