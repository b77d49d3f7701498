import { createFileRoute } from '@tanstack/react-router';
import { BackgroundLayout } from '../layouts/background-layout.tsx';

export const Route = createFileRoute('/_background')({
  component: BackgroundLayout,
});
