import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_auth/send-money/recipient')({
  staticData: { title: msg`Choose a recipient`, stepIndex: 3 },
  component: () => (
    <ScreenIntro
      heading={msg`Choose a recipient`}
      description={msg`Pick someone you have sent to before, or add someone new.`}
    />
  ),
});
