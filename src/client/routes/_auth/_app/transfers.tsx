import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { SchedulesCard } from '../../../features/schedules/schedules-card.tsx';
import { TransfersList } from '../../../features/transfers/transfers-list.tsx';

export const Route = createFileRoute('/_auth/_app/transfers')({
  staticData: { title: msg`Transfers` },
  component: () => <TransfersList schedules={<SchedulesCard />} />,
});
