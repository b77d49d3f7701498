import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_auth/send-money/new-recipient-details')({
  staticData: { title: msg`New recipient`, stepIndex: 3 },
  component: () => (
    <ScreenIntro heading={msg`New recipient`} description={msg`Enter the details of the person you are sending to.`} />
  ),
});
