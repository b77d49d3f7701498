import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { RecipientDetailsStep } from '../../../features/send-money/recipient-details-step.tsx';
import { guardSendMoneyStep } from '../../../features/send-money/lazy-step-guards.ts';

export const Route = createFileRoute('/_auth/send-money/recipient-details')({
  staticData: { title: msg`Recipient details`, stepIndex: 3 },
  beforeLoad: (input) => guardSendMoneyStep(input, 'recipient-details'),
  component: RecipientDetailsStep,
});
