import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { guardSendMoneyStep } from '../../../features/send-money/lazy-step-guards.ts';
import { SelfInfoStep } from '../../../features/send-money/self-info-step.tsx';

export const Route = createFileRoute('/_auth/send-money/self-info')({
  staticData: { title: msg`Your details`, stepIndex: 2 },
  beforeLoad: (input) => guardSendMoneyStep(input, 'self-info'),
  component: SelfInfoStep,
});
