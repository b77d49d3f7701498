import { createFileRoute, redirect } from '@tanstack/react-router';
import { entryRedirect } from '../lib/session/guards.ts';

export const Route = createFileRoute('/')({
  beforeLoad: ({ context }) => {
    throw redirect(entryRedirect(context.auth.isAuthenticated));
  },
});
