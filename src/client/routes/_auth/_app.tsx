import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../../layouts/app/app-layout.tsx';

export const Route = createFileRoute('/_auth/_app')({
  component: AppLayout,
});
