import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PushPrompt } from '../../../features/notifications/push-prompt.tsx';
import { SchedulesCard } from '../../../features/schedules/schedules-card.tsx';
import { TransfersList } from '../../../features/transfers/transfers-list.tsx';

export const Route = createFileRoute('/_auth/_app/transfers')({
  staticData: { title: msg`Transfers` },
  // where a customer follows their transfers is where a push about them makes sense
  component: () => <TransfersList prompt={<PushPrompt />} schedules={<SchedulesCard />} />,
});
