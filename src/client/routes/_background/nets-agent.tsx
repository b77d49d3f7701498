import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { BankIdSuccessScreen } from '../../features/bank-id/bank-id-return.tsx';

/** The bank-ID callback of an agent's sign-up (SPEC §2): it finishes like /nets-success. */
export const Route = createFileRoute('/_background/nets-agent')({
  staticData: { title: msg`Confirming your identity` },
  component: BankIdSuccessScreen,
});
