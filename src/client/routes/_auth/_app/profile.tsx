import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { BRAND_NAME } from '../../../lib/brand.ts';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

const product = BRAND_NAME;

export const Route = createFileRoute('/_auth/_app/profile')({
  staticData: { title: msg`Your ${product} Profile` },
  component: () => (
    <ScreenIntro
      heading={msg`Your ${product} Profile`}
      description={msg`Your personal details, your yearly sending limit and your documents.`}
    />
  ),
});
