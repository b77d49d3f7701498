import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { guardPayStep } from '../../../features/send-money/lazy-step-guards.ts';
import { PayStep } from '../../../features/send-money/pay-step.tsx';
import { askOnLoad } from '../../../lib/api/ask-on-load.ts';

export const Route = createFileRoute('/_auth/send-money/pay/{-$transactionReference}')({
  staticData: { title: msg`Confirm and pay`, stepIndex: 4 },
  beforeLoad: (input) => guardPayStep(input, input.params.transactionReference),
  loader: ({ preload, params: { transactionReference } }) =>
    transactionReference
      ? askOnLoad(preload, () => import('../../../features/payment/pay-answers.ts'), transactionReference)
      : undefined,
  component: function Pay() {
    const { transactionReference } = Route.useParams();
    return transactionReference ? <PayStep transRef={transactionReference} /> : null;
  },
});
