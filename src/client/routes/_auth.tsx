import { createFileRoute, Outlet } from '@tanstack/react-router';
import { authOnly } from '../features/session/route-guards.ts';

export const Route = createFileRoute('/_auth')({
  beforeLoad: authOnly,
  component: Outlet,
});
