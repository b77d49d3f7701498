import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PromoCodesScreen } from '../../../features/promotions/promo-codes-screen.tsx';

export const Route = createFileRoute('/_auth/_app/your-promo-codes')({
  staticData: { title: msg`Promo codes` },
  component: PromoCodesScreen,
});
