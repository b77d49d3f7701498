import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { verification } from '../../lib/session/route-guards.ts';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_empty/verification')({
  staticData: { title: msg`Verify your identity` },
  beforeLoad: verification,
  component: () => (
    <ScreenIntro
      heading={msg`Verify your identity`}
      description={msg`Have your ID document ready: we will ask for a photo of it and a selfie.`}
    />
  ),
});
