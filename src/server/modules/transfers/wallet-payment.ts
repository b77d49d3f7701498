import type { Transaction } from 'kysely';
import type { PayFromWalletRequest, PaymentResult } from '../../../domain/contract/transfers.ts';
import { paymentTypesFor } from '../../../domain/contract/transfers.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { TransferEventRow } from '../../db/tables/transfers.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { type Idempotency, oncePerKey } from '../../http/idempotency.ts';
import { openTransferPayin } from '../../payins/payin-records.ts';
import { loadLiveQuote } from '../quotes/quote-service.ts';
import { enqueuePayoutSubmission } from './payout-jobs.ts';
import { postWalletFunding } from './transfer-postings.ts';
import { findTransfer, lockTransfer, recordTransition } from './transfer-records.ts';
import { transferDetails } from './transfer-view.ts';

const NOT_AWAITING = 'This transfer is not waiting for payment';
const CARD_OPEN =
  'A card payment for this transfer is already in progress. Finish its card check (3-D Secure) or wait for its result.';
const NOT_OFFERED = 'Paying from the wallet is not available in your country; pay by card';

/** The history row (payment_approved) a wallet payment under this key wrote. */
function paymentByKey(
  db: Db | Transaction<Database>,
  transferId: string,
  key: string,
): Promise<TransferEventRow | undefined> {
  return db
    .selectFrom('transfer_events')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .where('event', '=', 'payment_approved')
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * POST /remit/transaction/v2/set-payment-type: pay an unpaid transfer from
 * the customer's wallet in its source currency. One database transaction
 * under the transfer's row lock: AWAITING → PENDING with its history row
 * (which keeps the Idempotency-Key), the ledger's wallet debit (fee revenue
 * and payout clearing), and the payout partner's outbox event. The locks are
 * taken in the order every funding takes them: the transfer, then its ledger
 * accounts in id order. A wallet that holds too little refuses it with 422
 * InsufficientFunds and nothing changes; a card attempt still open, 409.
 */
export async function payFromWallet(
  deps: AppDeps,
  customerId: string,
  request: PayFromWalletRequest,
  idempotency: Idempotency,
): Promise<PaymentResult> {
  const transfer = await findTransfer(deps.db, customerId, request.trans_ref);
  await oncePerKey(
    idempotency,
    () => paymentByKey(deps.db, transfer.id, idempotency.key),
    async () => {
      if (!paymentTypesFor(transfer.send_country).includes('wallet')) {
        throw new ApiError('ValidationFailed', NOT_OFFERED, 'payment_type');
      }
      if (transfer.status !== 'AWAITING') throw new ApiError('InvalidTransition', NOT_AWAITING);
      await loadLiveQuote(deps, customerId, transfer.quote_id, deps.clock.now());
      return deps.db.transaction().execute(async (trx) => {
        const locked = await lockTransfer(trx, transfer.id);
        // a racing call with this key paid it while we waited for the lock: answer with its result
        if (await paymentByKey(trx, locked.id, idempotency.key)) return undefined;
        if (locked.status !== 'AWAITING') throw new ApiError('InvalidTransition', NOT_AWAITING);
        if (await openTransferPayin(trx, locked.id)) throw new ApiError('InvalidTransition', CARD_OPEN);
        const now = deps.clock.now();
        const funded = await recordTransition(
          trx,
          deps.clock,
          locked,
          'payment_approved',
          { funded_at: now, payment_type: 'wallet' },
          { idempotency },
        );
        await postWalletFunding(trx, funded, now);
        await enqueuePayoutSubmission(trx, deps, funded);
        return paymentByKey(trx, locked.id, idempotency.key);
      });
    },
  );
  const paid = await findTransfer(deps.db, customerId, request.trans_ref);
  return { status: 'APPROVED', code: 'approved', challenge_url: null, transfer: await transferDetails(deps, paid) };
}
