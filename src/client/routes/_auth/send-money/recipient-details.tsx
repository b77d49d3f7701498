import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { guardSendMoneyStep } from '../../../features/send-money/lazy-step-guards.ts';
import { RecipientDetailsStep } from '../../../features/send-money/recipient-details-step.tsx';

export const Route = createFileRoute('/_auth/send-money/recipient-details')({
  staticData: { title: msg`Recipient details`, stepIndex: 3 },
  beforeLoad: (input) => guardSendMoneyStep(input, 'recipient-details'),
  component: RecipientDetailsStep,
});
