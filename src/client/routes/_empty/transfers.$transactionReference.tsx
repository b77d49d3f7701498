import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { authOnly } from '../../lib/session/route-guards.ts';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

/** transaction-update: change the payout details of a transfer already sent. */
export const Route = createFileRoute('/_empty/transfers/$transactionReference')({
  staticData: { title: msg`Update payout details` },
  beforeLoad: authOnly,
  component: () => (
    <ScreenIntro
      heading={msg`Update payout details`}
      description={msg`Change how your recipient receives this transfer.`}
    />
  ),
});
