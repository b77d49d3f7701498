import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { BankIdSuccessScreen } from '../../features/bank-id/bank-id-return.tsx';

export const Route = createFileRoute('/_background/nets-success')({
  staticData: { title: msg`Bank ID confirmed` },
  component: BankIdSuccessScreen,
});
