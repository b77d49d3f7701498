import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { askSchedulesAnswers } from '../../../features/schedules/schedules-answers.ts';
import { SchedulesCard } from '../../../features/schedules/schedules-card.tsx';
import { askTransfersAnswers } from '../../../features/transfers/transfers-answers.ts';
import { TransfersList } from '../../../features/transfers/transfers-list.tsx';
import { askOnLoad } from '../../../lib/api/ask-on-load.ts';

export const Route = createFileRoute('/_auth/_app/transfers')({
  staticData: { title: msg`Transfers` },
  loader: ({ preload }) =>
    askOnLoad(preload, async () => {
      askTransfersAnswers();
      askSchedulesAnswers();
    }),
  component: () => <TransfersList schedules={<SchedulesCard />} />,
});
