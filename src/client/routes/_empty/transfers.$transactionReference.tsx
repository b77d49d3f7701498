import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { changeCalls } from '../../../domain/contract/transfers/changes.ts';
import { mobileConfirmationBody } from '../../features/beneficiaries/mobile-confirmation-body.ts';
import { RecipientFormLoading } from '../../features/beneficiaries/recipient-form-state.tsx';
import { SendAgain } from '../../features/send-money/send-again.tsx';
import { TransferDetail } from '../../features/transfers/transfer-detail.tsx';
import { call } from '../../lib/api/client.ts';
import { authOnly } from '../../lib/session/route-guards.ts';
import { buttonClass } from '../../ui/button.ts';

// The payout details' form and its checks (libphonenumber-js's metadata among them, ≈ 30 KB brotli) load when the
// customer corrects them, not with the transfer: the transfer's first paint on a slow network waited for them.
const PayoutDetailsForm = lazy(() =>
  import('../../features/beneficiaries/payout-details-form.tsx').then((module) => ({
    default: module.PayoutDetailsForm,
  })),
);

/** transaction-update: one transfer, its timeline, and correcting its payout details. */
export const Route = createFileRoute('/_empty/transfers/$transactionReference')({
  staticData: { title: msg`Your transfer` },
  beforeLoad: authOnly,
  component: function TransferPage() {
    const { transactionReference } = Route.useParams();
    return (
      <TransferDetail
        transRef={transactionReference}
        sendAgain={(transfer) => (
          <>
            <SendAgain transfer={transfer} />
            {transfer.funded_at !== null ? (
              <Link
                to="/transfers/$transactionReference/repeat"
                params={{ transactionReference: transfer.trans_ref }}
                className={buttonClass('secondary')}
              >
                <Trans>Repeat on a schedule</Trans>
              </Link>
            ) : null}
          </>
        )}
        payoutForm={(transfer, onSaved, onCancel) => (
          <Suspense fallback={<RecipientFormLoading />}>
            <PayoutDetailsForm
              corridor={{
                country: transfer.destination_country,
                payoutType: transfer.trans_type,
                currency: transfer.dest_currency,
              }}
              values={transfer.payout_details}
              save={async (values, confirmation) => {
                await call(changeCalls.updatePayoutDetails, {
                  body: { trans_ref: transfer.trans_ref, values, ...mobileConfirmationBody(confirmation) },
                });
                onSaved();
              }}
              onCancel={onCancel}
            />
          </Suspense>
        )}
      />
    );
  },
});
