import { randomBytes } from 'node:crypto';
import type { Beneficiary } from '../../../domain/contract/beneficiaries.ts';
import { mountedPath } from '../../../domain/contract/endpoint.ts';
import type {
  CreateTransferRequest,
  SetPaymentTypeRequest,
  Transfer,
  TransferPage,
  TransferPageQuery,
  TransferSummary,
} from '../../../domain/contract/transfers.ts';
import { paymentTypesFor, transfersApi } from '../../../domain/contract/transfers.ts';
import { PAYOUT_TYPE_NAMES } from '../../../domain/payout-types.ts';
import type { Db } from '../../db/connection.ts';
import { readPage } from '../../db/paged-rows.ts';
import type { QuoteRow } from '../../db/tables/quotes.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { type Idempotency, oncePerKey } from '../../http/idempotency.ts';
import { loadBeneficiary } from '../beneficiaries/beneficiary-service.ts';
import { redeemPromo } from '../promotions/promo-service.ts';
import { loadLiveQuote, storeQuote } from '../quotes/quote-service.ts';
import { countryName } from '../rates/country-name.ts';
import { assertVerifiedFor } from '../verification/ladder-check.ts';
import { enqueueTransferExpiry } from './transfer-expiry.ts';
import { findTransfer, historyOfChanged, lockTransfer } from './transfer-records.ts';
import { newTransferReference } from './transfer-reference.ts';
import { transferDetails, transferSummaryView } from './transfer-view.ts';
import { assertUnderYearlyLimit, usedThisYear } from './yearly-limit.ts';

/** Tries at a fresh reference when a random one is already taken (2^40 of them: rare). */
const REFERENCE_TRIES = 3;
const REFERENCE_KEY = 'transfers_trans_ref_key';
/** One transfer per quote (migration 0010). */
const QUOTE_KEY = 'transfers_quote_id_key';
const QUOTE_USED = 'This quote has already been used for a transfer; get a new quote';

/** The customer's transfer made under this Idempotency-Key, if any. */
export function transferByKey(db: Db, customerId: string, key: string): Promise<TransferRow | undefined> {
  return db
    .selectFrom('transfers')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * The quote funds a transfer already. When that is this very request (a
 * retry racing under the same key), undefined lets oncePerKey answer with it;
 * any other request is refused (409).
 */
async function quoteTaken(db: Db, customerId: string, key: string): Promise<undefined> {
  if (await transferByKey(db, customerId, key)) return undefined;
  throw new ApiError('QuoteAlreadyUsed', QUOTE_USED, 'quote_id');
}

/** The recipient must be one the quote pays: same country, payout type and currency. */
function assertPaysQuote(beneficiary: Beneficiary, quote: QuoteRow): void {
  if (
    beneficiary.country_iso2 !== quote.destination_country_iso2 ||
    beneficiary.payout_type !== quote.payout_type ||
    beneficiary.currency_iso3 !== quote.destination_currency
  ) {
    const how = PAYOUT_TYPE_NAMES[quote.payout_type];
    throw new ApiError(
      'ValidationFailed',
      `This recipient cannot receive this transfer: choose a recipient in ${countryName(quote.destination_country_iso2)} paid by ${how} in ${quote.destination_currency}`,
      'beneficiary_id',
    );
  }
  if (beneficiary.card?.is_expired) {
    throw new ApiError(
      'ValidationFailed',
      `The recipient's card expired in ${beneficiary.card.expire}: update the recipient with their new card`,
      'beneficiary_id',
    );
  }
}

async function insertTransfer(
  deps: AppDeps,
  customerId: string,
  request: CreateTransferRequest,
  idempotency: Idempotency,
  quote: QuoteRow,
  beneficiary: Beneficiary,
): Promise<TransferRow | undefined> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    await storeQuote(trx, quote);
    const row = await trx
      .with('changed', (db) =>
        db
          .insertInto('transfers')
          .values({
            id: `tr_${randomBytes(16).toString('base64url')}`,
            trans_ref: newTransferReference(),
            customer_id: customerId,
            quote_id: quote.id,
            beneficiary_id: beneficiary.id,
            idempotency_key: idempotency.key,
            request_hash: idempotency.requestHash,
            status: 'AWAITING',
            close_reason: null,
            purpose: request.purpose_of_transaction,
            send_country: quote.source_country_iso2,
            destination_country: quote.destination_country_iso2,
            source_currency: quote.source_currency,
            dest_currency: quote.destination_currency,
            send_amount: quote.send_amount,
            fee: quote.fee,
            total: quote.total,
            receive_amount: quote.receive_amount,
            rate: quote.rate,
            payout_type: quote.payout_type,
            payout_provider_name: quote.payout_provider_name,
            promised_hours: quote.delivery_hours,
            beneficiary_name: beneficiary.display_name,
            payment_type: null,
            partner_reference: null,
            created_at: now,
            updated_at: now,
            funded_at: null,
            paid_at: null,
            refund_to: null,
          })
          .onConflict((oc) => oc.columns(['customer_id', 'idempotency_key']).doNothing())
          .returningAll(),
      )
      .with('history', (db) => historyOfChanged(db, { event: 'created', actor: 'customer', at: now }))
      .selectFrom('changed')
      .selectAll()
      .executeTakeFirst();
    if (!row) return undefined;
    await redeemPromo(trx, quote, row.id, now);
    await enqueueTransferExpiry(trx, row.id, quote.expires_at, deps.clock);
    return row;
  });
}

/**
 * POST /remit/transaction/create: a transfer AWAITING payment, priced by the
 * customer's live quote and paying one of their recipients. Idempotent on
 * the key: the same request again is the same transfer (`created` false);
 * another request under the key is refused (422). A quote funds one
 * transfer: another key on a used quote is refused (409 QuoteAlreadyUsed).
 */
export async function createTransfer(
  deps: AppDeps,
  customerId: string,
  request: CreateTransferRequest,
  idempotency: Idempotency,
): Promise<{ transfer: Transfer; created: boolean }> {
  const { db } = deps;
  const { row, created } = await oncePerKey(
    idempotency,
    () => transferByKey(db, customerId, idempotency.key),
    async () => {
      const quote = await loadLiveQuote(deps, customerId, request.quote_id, deps.clock.now());
      const country = quote.source_country_iso2;
      // read together: each is a round trip, and neither needs the other
      const [beneficiary, used] = await Promise.all([
        loadBeneficiary(deps, customerId, request.beneficiary_id),
        usedThisYear(db, customerId, country, deps.clock.now()),
      ]);
      assertPaysQuote(beneficiary, quote);
      assertUnderYearlyLimit(country, used, quote.send_amount);
      await assertVerifiedFor(deps, customerId, country, quote.send_amount, used);
      for (let tries = 1; ; tries += 1) {
        try {
          return await insertTransfer(deps, customerId, request, idempotency, quote, beneficiary);
        } catch (error) {
          // the key's own conflict is left to oncePerKey
          if (isUniqueViolation(error, QUOTE_KEY)) return quoteTaken(db, customerId, idempotency.key);
          if (!isUniqueViolation(error, REFERENCE_KEY) || tries >= REFERENCE_TRIES) throw error;
        }
      }
    },
  );
  return { transfer: await transferDetails(deps, row), created };
}

/** POST /remit/transaction/set-payment-type: how the customer will pay (card or wallet), while unpaid. */
export async function setPaymentType(
  deps: AppDeps,
  customerId: string,
  request: SetPaymentTypeRequest,
): Promise<Transfer> {
  const transfer = await findTransfer(deps.db, customerId, request.trans_ref);
  if (!paymentTypesFor(transfer.send_country).includes(request.payment_type)) {
    throw new ApiError(
      'ValidationFailed',
      `Paying by ${request.payment_type} is not available in your country`,
      'payment_type',
    );
  }
  const updated = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockTransfer(trx, transfer.id);
    if (locked.status !== 'AWAITING') {
      throw new ApiError('InvalidTransition', 'This transfer is not waiting for payment');
    }
    return trx
      .updateTable('transfers')
      .set({ payment_type: request.payment_type, updated_at: deps.clock.now() })
      .where('id', '=', locked.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return transferDetails(deps, updated);
}

export async function getTransfer(deps: AppDeps, customerId: string, transRef: string): Promise<Transfer> {
  return transferDetails(deps, await findTransfer(deps.db, customerId, transRef));
}

/** The customer's newest transfers (the recent list). */
export async function listTransfers(deps: AppDeps, customerId: string, limit: number): Promise<TransferSummary[]> {
  const rows = await deps.db
    .selectFrom('transfers')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(transferSummaryView);
}

/** A page of the customer's transfers, newest first (db/paged-rows.ts). */
export function listTransferPage(deps: AppDeps, customerId: string, query: TransferPageQuery): Promise<TransferPage> {
  return readPage(
    deps.db.selectFrom('transfers').selectAll().where('customer_id', '=', customerId),
    { table: 'transfers', key: 'id', noun: 'transfer', path: mountedPath(transfersApi.listTransfers) },
    query,
    transferSummaryView,
  );
}
