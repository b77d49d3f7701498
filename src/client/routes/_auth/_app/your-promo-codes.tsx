import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_auth/_app/your-promo-codes')({
  staticData: { title: msg`Promo codes` },
  component: () => (
    <ScreenIntro heading={msg`Promo codes`} description={msg`Your promo codes, and how to use them on a transfer.`} />
  ),
});
