import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CardEnrollmentStep } from '../../features/send-money/card-enrollment-step.tsx';
import { TopUpReturn } from '../../features/wallets/top-up-return.tsx';
import { type PayinReturnQuery, payinPurpose, payinReturnQuery } from '../../lib/card-payment/payin-purpose.ts';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

/**
 * The bank-link provider returns here after the customer approved or
 * cancelled at their bank. The query only says what to look at: the result
 * is always asked of our API, which asks the provider.
 */
export const Route = createFileRoute('/_background/trustly-callback')({
  staticData: { title: msg`Connecting your bank` },
  validateSearch: (search: Record<string, unknown>): PayinReturnQuery => payinReturnQuery(search),
  component: function BankLinkCallback() {
    const purpose = payinPurpose(Route.useSearch());
    if (purpose?.kind === 'transfer') return <CardEnrollmentStep transRef={purpose.transRef} />;
    if (purpose?.kind === 'top-up') return <TopUpReturn topUpId={purpose.topUpId} />;
    return (
      <ScreenIntro
        heading={msg`Connecting your bank`}
        description={msg`We are finishing the connection to your bank. Keep this page open.`}
      />
    );
  },
});
