import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { RecipientsScreen } from '../../../features/beneficiaries/recipients-screen.tsx';
import { AddRecipient } from '../../../features/send-money/add-recipient.tsx';
import { SendToRecipient } from '../../../features/send-money/send-again.tsx';

export const Route = createFileRoute('/_auth/_app/recipients')({
  staticData: { title: msg`Recipients` },
  component: () => (
    <RecipientsScreen
      sendTo={(recipient, actionProps) => <SendToRecipient recipient={recipient} actionProps={actionProps} />}
      addRecipient={(done) => <AddRecipient onDone={done} />}
    />
  ),
});
