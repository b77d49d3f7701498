import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_auth/send-money/self-info')({
  staticData: { title: msg`Your details`, stepIndex: 2 },
  component: () => <ScreenIntro heading={msg`Your details`} description={msg`Check your details before you send.`} />,
});
