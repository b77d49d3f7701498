import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_auth/_app/transfers')({
  staticData: { title: msg`Transfers` },
  component: () => <ScreenIntro heading={msg`Transfers`} description={msg`Follow every transfer you have sent.`} />,
});
