import { createFileRoute, redirect } from '@tanstack/react-router';

/** The amount step is where a transfer starts. */
export const Route = createFileRoute('/_auth/send-money/')({
  beforeLoad: () => {
    throw redirect({ to: '/send-money/quote', replace: true });
  },
});
