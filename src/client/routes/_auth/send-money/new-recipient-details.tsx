import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { guardSendMoneyStep } from '../../../features/send-money/lazy-step-guards.ts';
import { NewRecipientStep } from '../../../features/send-money/new-recipient-step.tsx';

export const Route = createFileRoute('/_auth/send-money/new-recipient-details')({
  staticData: { title: msg`New recipient`, stepIndex: 3 },
  beforeLoad: (input) => guardSendMoneyStep(input, 'new-recipient-details'),
  component: NewRecipientStep,
});
