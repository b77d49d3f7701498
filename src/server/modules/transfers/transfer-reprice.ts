import type { RepriceRequest, Transfer } from '../../../domain/contract/transfers.ts';
import type { QuoteRow } from '../../db/tables/quotes.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { openTransferPayin } from '../../payins/payin-records.ts';
import { loadLiveQuote, storeQuote } from '../quotes/quote-service.ts';
import { enqueueTransferExpiry } from './transfer-expiry.ts';
import { findTransfer, lockTransfer } from './transfer-records.ts';
import { transferDetails } from './transfer-view.ts';
import { assertWithinYearlyLimit } from './yearly-limit.ts';

/** One transfer per quote (migration 0010). */
const QUOTE_KEY = 'transfers_quote_id_key';

/** The new quote must price the same corridor, with the promo code the transfer holds (or none). */
function assertSameCorridor(transfer: TransferRow, quote: QuoteRow, promoCode: string | null): void {
  if (quote.promo_code !== promoCode) {
    throw new ApiError(
      'ValidationFailed',
      promoCode === null
        ? 'This transfer has no promo code; get a quote without one'
        : `This transfer uses the promo code ${promoCode}; get a quote with it`,
      'quote_id',
    );
  }
  if (
    quote.source_country_iso2 !== transfer.send_country ||
    quote.destination_country_iso2 !== transfer.destination_country ||
    quote.source_currency !== transfer.source_currency ||
    quote.destination_currency !== transfer.dest_currency ||
    quote.payout_type !== transfer.payout_type
  ) {
    throw new ApiError(
      'ValidationFailed',
      'This quote is for another destination or payout type; get a new quote for this transfer',
      'quote_id',
    );
  }
}

/**
 * POST /remit/transaction/reprice: an unpaid transfer takes the price of a
 * new live quote of its corridor — what is sent, the fee, the rate and what
 * arrives — and keeps everything else. Refused once the transfer is paid or
 * closed (409 InvalidTransition), while a card payment is open (409), and for
 * a quote another transfer uses (409 QuoteAlreadyUsed). No money moves: the
 * payment, when it comes, charges the new total.
 */
export async function repriceTransfer(deps: AppDeps, customerId: string, request: RepriceRequest): Promise<Transfer> {
  const { db, clock } = deps;
  const transfer = await findTransfer(db, customerId, request.trans_ref);
  if (transfer.quote_id === request.quote_id) return transferDetails(deps, transfer);
  const quote = await loadLiveQuote(deps, customerId, request.quote_id, clock.now());
  const current = await db
    .selectFrom('quotes')
    .select('promo_code')
    .where('id', '=', transfer.quote_id)
    .executeTakeFirstOrThrow();
  assertSameCorridor(transfer, quote, current.promo_code);
  await assertWithinYearlyLimit(db, customerId, quote.source_country_iso2, quote.send_amount, clock.now());
  try {
    const updated = await db.transaction().execute(async (trx) => {
      const locked = await lockTransfer(trx, transfer.id);
      if (locked.status !== 'AWAITING') {
        throw new ApiError('InvalidTransition', 'This transfer is not waiting for payment');
      }
      if (await openTransferPayin(trx, locked.id)) {
        throw new ApiError('InvalidTransition', 'A payment for this transfer is in progress; wait for its answer');
      }
      await storeQuote(trx, quote);
      const row = await trx
        .updateTable('transfers')
        .set({
          quote_id: quote.id,
          send_amount: quote.send_amount,
          fee: quote.fee,
          total: quote.total,
          receive_amount: quote.receive_amount,
          promised_hours: quote.delivery_hours,
          rate: quote.rate,
          updated_at: clock.now(),
        })
        .where('id', '=', locked.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('promo_redemptions')
        .set({ discount: quote.fee_discount })
        .where('transfer_id', '=', row.id)
        .execute();
      // the earlier quote's expiry finds a later quote and leaves the transfer open
      await enqueueTransferExpiry(trx, row.id, quote.expires_at, clock);
      return row;
    });
    return transferDetails(deps, updated);
  } catch (error) {
    if (isUniqueViolation(error, QUOTE_KEY)) {
      throw new ApiError(
        'QuoteAlreadyUsed',
        'This quote has already been used for a transfer; get a new quote',
        'quote_id',
      );
    }
    throw error;
  }
}
