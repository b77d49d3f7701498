import { createFileRoute } from '@tanstack/react-router';
import { EmptyLayout } from '../layouts/empty-layout.tsx';

export const Route = createFileRoute('/_empty')({
  component: EmptyLayout,
});
