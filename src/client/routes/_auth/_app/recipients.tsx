import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { RecipientsScreen } from '../../../features/beneficiaries/recipients-screen.tsx';
import { useSendToRecipient } from '../../../features/send-money/send-to-recipient.tsx';

// the corridor choice and the recipient form load when "Add recipient" is chosen (the screen waits for them in place)
const AddRecipient = lazy(() =>
  import('../../../features/send-money/add-recipient.tsx').then((module) => ({ default: module.AddRecipient })),
);

export const Route = createFileRoute('/_auth/_app/recipients')({
  staticData: { title: msg`Recipients` },
  component: Recipients,
});

function Recipients() {
  const sendTo = useSendToRecipient();
  return <RecipientsScreen sendTo={sendTo} addRecipient={(done) => <AddRecipient onDone={done} />} />;
}
