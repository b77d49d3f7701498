import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { transfersApi } from '../../../domain/contract/transfers.ts';
import { PayoutDetailsForm } from '../../features/beneficiaries/payout-details-form.tsx';
import { SendAgain } from '../../features/send-money/send-again.tsx';
import { TransferDetail } from '../../features/transfers/transfer-detail.tsx';
import { call } from '../../lib/api/client.ts';
import { authOnly } from '../../lib/session/route-guards.ts';

/** transaction-update: one transfer, its timeline, and correcting its payout details. */
export const Route = createFileRoute('/_empty/transfers/$transactionReference')({
  staticData: { title: msg`Your transfer` },
  beforeLoad: authOnly,
  component: function TransferPage() {
    const { transactionReference } = Route.useParams();
    return (
      <TransferDetail
        transRef={transactionReference}
        sendAgain={(transfer) => <SendAgain transfer={transfer} />}
        payoutForm={(transfer, onSaved, onCancel) => (
          <PayoutDetailsForm
            corridor={{
              country: transfer.destination_country,
              payoutType: transfer.trans_type,
              currency: transfer.dest_currency,
            }}
            values={transfer.payout_details}
            save={async (values) => {
              await call(transfersApi.updatePayoutDetails, { body: { trans_ref: transfer.trans_ref, values } });
              onSaved();
            }}
            onCancel={onCancel}
          />
        )}
      />
    );
  },
});
