import { createFileRoute } from '@tanstack/react-router';
import { SendMoneyLayout } from '../../layouts/send-money/send-money-layout.tsx';

export const Route = createFileRoute('/_auth/send-money')({
  component: SendMoneyLayout,
});
