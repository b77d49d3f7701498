import { randomBytes } from 'node:crypto';
import type {
  ConvertQuote,
  ConvertQuoteRequest,
  CurrencyPair,
  ExchangeRate,
} from '../../../domain/contract/wallets.ts';
import { convertMinor, formatMinor } from '../../../domain/money.ts';
import { customerRate } from '../../../domain/pricing.ts';
import type { ConversionRateRow } from '../../db/tables/wallets.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { assertMayHold, type WalletOwner } from './wallet-accounts.ts';
import { parseWalletAmount } from './wallet-amounts.ts';

/** What the business keeps of a conversion: the customer's rate is the mid rate less 0.5 %. */
export const CONVERSION_MARGIN_BPS = 50n;

/** Two different currencies the customer may hold, or a 400 naming the field at fault. */
export function assertConvertiblePair(owner: WalletOwner, pair: CurrencyPair): void {
  assertMayHold(owner, pair.from_currency, 'from_currency');
  assertMayHold(owner, pair.to_currency, 'to_currency');
  if (pair.from_currency === pair.to_currency) {
    throw new ApiError('ValidationFailed', 'Choose two different currencies', 'to_currency');
  }
}

/**
 * Quote the customer a rate for the pair from the FX feed, kept until it
 * expires: conversions/execute honours exactly this rate, and only while it holds.
 */
export async function quoteRate(deps: AppDeps, owner: WalletOwner, pair: CurrencyPair): Promise<ConversionRateRow> {
  assertConvertiblePair(owner, pair);
  const mid = await deps.providers.fxRates.midRate(pair.from_currency, pair.to_currency);
  const now = deps.clock.now();
  return deps.db
    .insertInto('conversion_rates')
    .values({
      id: `cvr_${randomBytes(16).toString('base64url')}`,
      customer_id: owner.customerId,
      from_currency: pair.from_currency,
      to_currency: pair.to_currency,
      mid_rate: mid.rate,
      rate: customerRate(mid.rate, CONVERSION_MARGIN_BPS),
      expires_at: new Date(now.getTime() + deps.config.conversionRateTtlSeconds * 1000),
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** numeric columns come back with their stored scale; the wire carries the plain decimal */
export function plainRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}

/** Whole seconds the rate still holds, never below zero. */
function secondsLeft(row: ConversionRateRow, now: Date): number {
  return Math.max(0, Math.floor((row.expires_at.getTime() - now.getTime()) / 1000));
}

function rateView(row: ConversionRateRow, now: Date): ExchangeRate {
  return {
    from_currency: row.from_currency,
    to_currency: row.to_currency,
    rate: plainRate(row.rate),
    expires_at: row.expires_at.toISOString(),
    expires_in_seconds: secondsLeft(row, now),
  };
}

/** GET /api/v1/exchange-rates. */
export async function exchangeRate(deps: AppDeps, owner: WalletOwner, pair: CurrencyPair): Promise<ExchangeRate> {
  return rateView(await quoteRate(deps, owner, pair), deps.clock.now());
}

/** POST /api/v1/currency-convert: a fresh rate and what from_amount converts to at it. */
export async function convertQuote(
  deps: AppDeps,
  owner: WalletOwner,
  request: ConvertQuoteRequest,
): Promise<ConvertQuote> {
  assertConvertiblePair(owner, request);
  const from = parseWalletAmount(request.from_amount, request.from_currency, 'from_amount');
  const row = await quoteRate(deps, owner, request);
  const to = convertMinor(from, row.from_currency, plainRate(row.rate), row.to_currency);
  return {
    from_currency: row.from_currency,
    to_currency: row.to_currency,
    from_amount: formatMinor(from, row.from_currency),
    to_amount: formatMinor(to, row.to_currency),
    exchange_rate: plainRate(row.rate),
    expires_at: row.expires_at.toISOString(),
    expires_in_seconds: secondsLeft(row, deps.clock.now()),
  };
}
