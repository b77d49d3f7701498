import { REFUND_DESTINATIONS } from '../../transfers.ts';
import { endpoint } from '../endpoint.ts';
import { MobileConfirmation } from '../mobile-confirmation.ts';
import { enums, type Infer, object, optional, record, refine, string } from '../structs.ts';
import { Transfer, TransferReference } from './transfer.ts';

/** Changing a transfer once made: cancelling or recalling it, and correcting its payout details. */

/**
 * POST /remit/transaction/cancel body: cancel a transfer not yet paid for, or
 * recall a paid one within the US cancellation right, with everything paid
 * back to `refund_to` (the Sarraf wallet or the card that paid; required for a paid transfer).
 */
export const CancelTransferRequest = object({
  trans_ref: TransferReference,
  refund_to: optional(enums(REFUND_DESTINATIONS)),
});
export type CancelTransferRequest = Infer<typeof CancelTransferRequest>;

const MAX_PAYOUT_VALUES = 16;

/**
 * POST /remit/transaction/update-payout-details body: the corrected payout
 * values of a paid transfer not yet paid out, by field name; only the payout
 * fields of its corridor's form (payoutDetailFields), checked like a recipient's.
 */
export const UpdatePayoutDetailsRequest = object({
  trans_ref: TransferReference,
  values: refine(
    record(string(), string()),
    'values',
    (value) => Object.keys(value).length <= MAX_PAYOUT_VALUES || `The form has at most ${MAX_PAYOUT_VALUES} fields`,
    { maxProperties: MAX_PAYOUT_VALUES },
  ),
  /** a mobile-money payout's new number typed again (SPEC §9 confirm-mobile), as a recipient's */
  mobile_confirmation: MobileConfirmation,
});
export type UpdatePayoutDetailsRequest = Infer<typeof UpdatePayoutDetailsRequest>;

/** Cancellation and payout corrections. */
export const changeCalls = {
  cancelTransfer: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/transaction/cancel',
    auth: 'session',
    body: CancelTransferRequest,
    response: Transfer,
    idempotent: true,
  }),
  updatePayoutDetails: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/transaction/update-payout-details',
    auth: 'session',
    body: UpdatePayoutDetailsRequest,
    response: Transfer,
  }),
} as const;
