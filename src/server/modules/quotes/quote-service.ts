import { randomBytes } from 'node:crypto';
import type { Charges, Quote, SaveQuoteRequest } from '../../../domain/contract/quotes.ts';
import { currencyDigits, type Minor, parseMinor } from '../../../domain/money.ts';
import { quote } from '../../../domain/pricing.ts';
import type { Db } from '../../db/connection.ts';
import type { QuoteRow } from '../../db/tables/quotes.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { promoDiscount } from '../promotions/promo-service.ts';
import { corridorRate } from '../rates/corridor-rate.ts';
import { resolveCorridor } from '../rates/corridors.ts';
import { countryName } from '../rates/country-name.ts';
import { amountRefusalMessage } from './amount-refusal-message.ts';
import { isQuoteExpired, QUOTE_EXPIRED_MESSAGE } from './quote-expiry.ts';
import { chargesView, quoteView } from './quote-view.ts';

function newQuoteId(): string {
  return `q_${randomBytes(16).toString('base64url')}`;
}

/** Customers send from their country of residence, in its currency. */
function assertSendsFrom(residence: string, sourceCountry: string): void {
  if (residence !== sourceCountry) {
    throw new ApiError(
      'ValidationFailed',
      `You can send only from your country of residence, ${countryName(residence)}`,
      'source_country_iso2',
    );
  }
}

function parseAmount(amount: string, currency: string): Minor {
  try {
    return parseMinor(amount, currency);
  } catch {
    const digits = currencyDigits(currency);
    const message =
      digits === 0 ? `${currency} amounts have no decimals` : `${currency} amounts have at most ${digits} decimals`;
    throw new ApiError('ValidationFailed', message, 'amount');
  }
}

/**
 * Price a transfer for the customer and keep the price, with its rate, until
 * the quote TTL runs out. Refuses routes without a corridor (400) and amounts
 * outside the corridor's limits (422 AmountOutOfRange on `amount`).
 */
export async function saveQuote(
  deps: AppDeps,
  sender: { customerId: string; country: string },
  request: SaveQuoteRequest,
): Promise<Quote> {
  const { db, clock, config, providers } = deps;
  const { customerId } = sender;
  assertSendsFrom(sender.country, request.source_country_iso2);
  const corridor = await resolveCorridor(db, {
    sourceCountry: request.source_country_iso2,
    destinationCountry: request.destination_country_iso2,
    payoutType: request.payout_type,
  });
  const amountCurrency = request.amount_type === 'SOURCE' ? corridor.sourceCurrency : corridor.destinationCurrency;
  const amount = parseAmount(request.amount, amountCurrency);
  const { midRate, rate } = await corridorRate(providers.fxRates, corridor);
  const result = quote({
    sourceCurrency: corridor.sourceCurrency,
    destinationCurrency: corridor.destinationCurrency,
    limits: corridor.limits,
    rate,
    feeSchedule: corridor.feeSchedule,
    amount,
    amountType: request.amount_type,
  });
  if (!result.ok) throw new ApiError('AmountOutOfRange', amountRefusalMessage(result.refusal, corridor), 'amount');

  const now = clock.now();
  const { figures } = result;
  const discount =
    request.promo_code === undefined
      ? 0n
      : await promoDiscount(
          db,
          customerId,
          request.promo_code,
          { fee: figures.fee, sourceCurrency: corridor.sourceCurrency },
          now,
        );
  const row = await db
    .insertInto('quotes')
    .values({
      id: newQuoteId(),
      customer_id: customerId,
      corridor_id: corridor.id,
      source_country_iso2: corridor.sourceCountry,
      source_currency: corridor.sourceCurrency,
      destination_country_iso2: corridor.destinationCountry,
      destination_currency: corridor.destinationCurrency,
      payout_type: corridor.payoutType,
      payout_provider_name: corridor.payoutProviderName,
      amount_type: request.amount_type,
      mid_rate: midRate,
      rate: figures.rate,
      send_amount: figures.sendAmount,
      fee: figures.fee - discount,
      total: figures.total - discount,
      receive_amount: figures.receiveAmount,
      promo_code: request.promo_code ?? null,
      fee_discount: discount,
      delivery_hours: corridor.deliveryHours,
      expires_at: new Date(now.getTime() + config.quoteTtlSeconds * 1000),
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return quoteView(row, now);
}

/** The customer's own quote, live or expired; another customer's or an unknown id is NotFound. */
async function findQuote(db: Db, customerId: string, quoteId: string): Promise<QuoteRow> {
  const row = await db
    .selectFrom('quotes')
    .selectAll()
    .where('id', '=', quoteId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw new ApiError('NotFound', 'Quote not found');
  return row;
}

/**
 * The customer's quote while its rate still holds: NotFound for another
 * customer's or an unknown id, QuoteExpired once the rate has run out.
 * Takes a transaction as well as the database, for callers that pay for it.
 */
export async function loadLiveQuote(db: Db, customerId: string, quoteId: string, now: Date): Promise<QuoteRow> {
  const row = await findQuote(db, customerId, quoteId);
  if (isQuoteExpired(row, now)) throw new ApiError('QuoteExpired', QUOTE_EXPIRED_MESSAGE);
  return row;
}

export async function getQuote(deps: AppDeps, customerId: string, quoteId: string): Promise<Quote> {
  return quoteView(await findQuote(deps.db, customerId, quoteId), deps.clock.now());
}

export async function getCharges(deps: AppDeps, customerId: string, quoteId: string): Promise<Charges> {
  const now = deps.clock.now();
  return chargesView(await loadLiveQuote(deps.db, customerId, quoteId, now), now);
}
