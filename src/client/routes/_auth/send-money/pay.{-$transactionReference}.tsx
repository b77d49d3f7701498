import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { askPayAnswers } from '../../../features/payment/pay-answers.ts';
import { guardPayStep } from '../../../features/send-money/lazy-step-guards.ts';
import { PayStep } from '../../../features/send-money/pay-step.tsx';

export const Route = createFileRoute('/_auth/send-money/pay/{-$transactionReference}')({
  staticData: { title: msg`Confirm and pay`, stepIndex: 4 },
  beforeLoad: (input) => guardPayStep(input, input.params.transactionReference),
  // not awaited: the page's data is asked for beside its code (the loader ships with the screen), and the page never
  // waits for it
  loader: ({ params }) => {
    if (params.transactionReference) askPayAnswers(params.transactionReference);
  },
  component: function Pay() {
    const { transactionReference } = Route.useParams();
    return transactionReference ? <PayStep transRef={transactionReference} /> : null;
  },
});
