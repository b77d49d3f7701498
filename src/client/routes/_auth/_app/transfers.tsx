import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { SchedulesCard } from '../../../features/schedules/schedules-card.tsx';
import { TransfersList } from '../../../features/transfers/transfers-list.tsx';
import { askOnLoad } from '../../../lib/api/ask-on-load.ts';

export const Route = createFileRoute('/_auth/_app/transfers')({
  staticData: { title: msg`Transfers` },
  loader: ({ preload }) => askOnLoad(preload, () => import('../../../features/transfers/transfers-answers.ts')),
  component: () => <TransfersList schedules={<SchedulesCard />} />,
});
