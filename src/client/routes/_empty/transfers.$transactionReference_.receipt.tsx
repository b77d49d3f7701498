import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CustomerLegalNotice } from '../../features/legal/legal-notice-text.tsx';
import { TransferReceipt } from '../../features/transfers/transfer-receipt.tsx';
import { authOnly } from '../../lib/session/route-guards.ts';

/** The printable receipt of a paid transfer. */
export const Route = createFileRoute('/_empty/transfers/$transactionReference_/receipt')({
  staticData: { title: msg`Receipt` },
  beforeLoad: authOnly,
  component: function Receipt() {
    const { transactionReference } = Route.useParams();
    return <TransferReceipt transRef={transactionReference} legalNotice={<CustomerLegalNotice />} />;
  },
});
