import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { RecipientsScreen } from '../../../features/beneficiaries/recipients-screen.tsx';
import { AddRecipient } from '../../../features/send-money/add-recipient.tsx';
import { useSendToRecipient } from '../../../features/send-money/send-to-recipient.tsx';

export const Route = createFileRoute('/_auth/_app/recipients')({
  staticData: { title: msg`Recipients` },
  component: Recipients,
});

function Recipients() {
  const sendTo = useSendToRecipient();
  return <RecipientsScreen sendTo={sendTo} addRecipient={(done) => <AddRecipient onDone={done} />} />;
}
