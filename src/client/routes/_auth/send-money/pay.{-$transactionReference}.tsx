import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_auth/send-money/pay/{-$transactionReference}')({
  staticData: { title: msg`Confirm and pay`, stepIndex: 4 },
  component: () => (
    <ScreenIntro heading={msg`Confirm and pay`} description={msg`Check the transfer, then choose how to pay.`} />
  ),
});
