import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { mountedPath } from '../../../domain/contract/endpoint.ts';
import type { PageQuery } from '../../../domain/contract/pages.ts';
import {
  type Conversion,
  type ConversionPage,
  type ConversionRequest,
  walletsApi,
} from '../../../domain/contract/wallets.ts';
import { convertMinor, formatMinor } from '../../../domain/money.ts';
import type { Db } from '../../db/connection.ts';
import { readPage } from '../../db/paged-rows.ts';
import type { ConversionRateRow, ConversionRow } from '../../db/tables/wallets.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { type Idempotency, oncePerKey } from '../../http/idempotency.ts';
import { assertConvertiblePair, plainRate } from './conversion-rates.ts';
import { assertHeld, heldBalances, type WalletOwner } from './wallet-accounts.ts';
import { parseWalletAmount } from './wallet-amounts.ts';
import { postConversion } from './wallet-postings.ts';

const RATE_EXPIRED = 'This exchange rate has expired. Get a new rate and try again.';

export function conversionView(row: ConversionRow): Conversion {
  return {
    id: row.id,
    from_currency: row.from_currency,
    to_currency: row.to_currency,
    from_amount: formatMinor(row.from_amount, row.from_currency),
    to_amount: formatMinor(row.to_amount, row.to_currency),
    exchange_rate: plainRate(row.rate),
    timestamp: row.created_at.toISOString(),
    status: row.status,
  };
}

/** The latest rate quoted to the customer for this pair at exactly this figure; 422 once it has expired. */
async function quotedRate(deps: AppDeps, owner: WalletOwner, request: ConversionRequest): Promise<ConversionRateRow> {
  const row = await deps.db
    .selectFrom('conversion_rates')
    .selectAll()
    .where('customer_id', '=', owner.customerId)
    .where('from_currency', '=', request.from_currency)
    .where('to_currency', '=', request.to_currency)
    .where('rate', '=', sql<string>`${request.exchange_rate}::numeric`)
    .orderBy('expires_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) {
    throw new ApiError(
      'ValidationFailed',
      'This exchange rate was not quoted to you. Get a rate first.',
      'exchange_rate',
    );
  }
  if (row.expires_at.getTime() <= deps.clock.now().getTime()) {
    throw new ApiError('QuoteExpired', RATE_EXPIRED, 'exchange_rate');
  }
  return row;
}

function byKey(db: Db, customerId: string, key: string): Promise<ConversionRow | undefined> {
  return db
    .selectFrom('conversions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Insert the conversion and move its money in one transaction; undefined when a racing retry holds the key. */
async function convert(
  deps: AppDeps,
  owner: WalletOwner,
  rate: ConversionRateRow,
  amounts: { from: bigint; to: bigint },
  idempotency: Idempotency,
): Promise<ConversionRow | undefined> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('conversions')
        .values({
          id: `cnv_${randomBytes(16).toString('base64url')}`,
          customer_id: owner.customerId,
          idempotency_key: idempotency.key,
          request_hash: idempotency.requestHash,
          rate_id: rate.id,
          from_currency: rate.from_currency,
          to_currency: rate.to_currency,
          from_amount: amounts.from,
          to_amount: amounts.to,
          rate: rate.rate,
          status: 'COMPLETED',
          created_at: deps.clock.now(),
        })
        .onConflict((oc) => oc.columns(['customer_id', 'idempotency_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (row) await postConversion(trx, row);
      return row;
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.type !== 'InsufficientFunds') throw error;
    const available = (await heldBalances(deps.db, owner)).get(rate.from_currency) ?? 0n;
    throw new ApiError(
      'InsufficientFunds',
      `Insufficient balance. Available: ${formatMinor(available, rate.from_currency)} ${rate.from_currency}`,
      'from_amount',
    );
  }
}

/**
 * POST /api/v1/conversions/execute: convert between two of the customer's
 * wallets at a rate quoted to them, while it holds, never at another. The
 * to_amount must be from_amount × rate truncated to the currency's unit.
 * The same Idempotency-Key answers with the first conversion.
 */
export async function executeConversion(
  deps: AppDeps,
  owner: WalletOwner,
  request: ConversionRequest,
  idempotency: Idempotency,
): Promise<{ conversion: Conversion; created: boolean }> {
  assertConvertiblePair(owner, request);
  const from = parseWalletAmount(request.from_amount, request.from_currency, 'from_amount');
  const to = parseWalletAmount(request.to_amount, request.to_currency, 'to_amount');
  const { row, created } = await oncePerKey(
    idempotency,
    () => byKey(deps.db, owner.customerId, idempotency.key),
    async () => {
      const balances = await heldBalances(deps.db, owner);
      assertHeld(balances, request.from_currency, 'from_currency');
      assertHeld(balances, request.to_currency, 'to_currency');
      const rate = await quotedRate(deps, owner, request);
      const expected = convertMinor(from, rate.from_currency, request.exchange_rate, rate.to_currency);
      if (expected !== to) {
        throw new ApiError(
          'ValidationFailed',
          `At ${request.exchange_rate}, ${request.from_amount} ${request.from_currency} converts to ${formatMinor(expected, rate.to_currency)} ${rate.to_currency}`,
          'to_amount',
        );
      }
      return convert(deps, owner, rate, { from, to }, idempotency);
    },
  );
  return { conversion: conversionView(row), created };
}

/** A page of the customer's conversions, newest first (db/paged-rows.ts); the first is the 50 newest (SPEC §9). */
export function listConversions(deps: AppDeps, customerId: string, query: PageQuery): Promise<ConversionPage> {
  return readPage(
    deps.db.selectFrom('conversions').selectAll().where('customer_id', '=', customerId),
    { table: 'conversions', key: 'id', noun: 'conversion', path: mountedPath(walletsApi.listConversions) },
    query,
    conversionView,
  );
}
