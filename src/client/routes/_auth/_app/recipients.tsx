import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { RecipientsScreen } from '../../../features/beneficiaries/recipients-screen.tsx';
import { useSendToRecipient } from '../../../features/send-money/send-to-recipient.tsx';
import { askOnLoad } from '../../../lib/api/ask-on-load.ts';

// the corridor choice and the recipient form load when "Add recipient" is chosen (the screen waits for them in place)
const AddRecipient = lazy(() =>
  import('../../../features/send-money/add-recipient.tsx').then((module) => ({ default: module.AddRecipient })),
);

export const Route = createFileRoute('/_auth/_app/recipients')({
  staticData: { title: msg`Recipients` },
  loader: ({ preload }) => askOnLoad(preload, () => import('../../../features/beneficiaries/recipients-answers.ts')),
  component: Recipients,
});

function Recipients() {
  const sendTo = useSendToRecipient();
  return <RecipientsScreen sendTo={sendTo} addRecipient={(done) => <AddRecipient onDone={done} />} />;
}
