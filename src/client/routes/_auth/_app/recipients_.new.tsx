import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AddRecipientScreen } from '../../../features/send-money/add-recipient-screen.tsx';

/** A recipient added outside a transfer. */
export const Route = createFileRoute('/_auth/_app/recipients_/new')({
  staticData: { title: msg`Add recipient` },
  component: AddRecipientScreen,
});
