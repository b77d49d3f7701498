import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { QuoteStep } from '../../../features/send-money/quote-step.tsx';

export const Route = createFileRoute('/_auth/send-money/quote')({
  staticData: { title: msg`How much to send`, stepIndex: 1 },
  component: QuoteStep,
});
