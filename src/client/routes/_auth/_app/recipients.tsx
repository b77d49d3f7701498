import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_auth/_app/recipients')({
  staticData: { title: msg`Recipients` },
  component: () => <ScreenIntro heading={msg`Recipients`} description={msg`The people you send money to.`} />,
});
