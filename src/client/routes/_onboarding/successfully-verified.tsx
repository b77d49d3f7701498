import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_onboarding/successfully-verified')({
  staticData: { title: msg`You are verified` },
  component: () => (
    <ScreenIntro
      heading={msg`You are verified`}
      description={msg`Your identity has been confirmed. You can now send money.`}
    />
  ),
});
