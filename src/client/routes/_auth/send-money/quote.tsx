import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_auth/send-money/quote')({
  staticData: { title: msg`How much to send`, stepIndex: 1 },
  component: () => (
    <ScreenIntro
      heading={msg`How much to send`}
      description={msg`Choose how much to send, where to, and how the money is received.`}
    />
  ),
});
