import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { guardSendMoneyStep } from '../../../features/send-money/lazy-step-guards.ts';
import { RecipientStep } from '../../../features/send-money/recipient-step.tsx';

export const Route = createFileRoute('/_auth/send-money/recipient')({
  staticData: { title: msg`Choose a recipient`, stepIndex: 3 },
  beforeLoad: (input) => guardSendMoneyStep(input, 'recipient'),
  component: RecipientStep,
});
