import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_auth/send-money/recipient-details')({
  staticData: { title: msg`Recipient details`, stepIndex: 3 },
  component: () => (
    <ScreenIntro heading={msg`Recipient details`} description={msg`Check how your recipient will receive the money.`} />
  ),
});
