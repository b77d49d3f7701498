import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_default/change-password')({
  staticData: { title: msg`Choose a new password` },
  component: () => (
    <ScreenIntro
      heading={msg`Choose a new password`}
      description={msg`Use at least 6 characters, with a letter and a number.`}
    />
  ),
});
