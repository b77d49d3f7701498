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
import { readQuote, signQuote } from './quote-token.ts';
import { chargesView, quoteView } from './quote-view.ts';

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
 * Price a transfer for the customer; the price, with its rate, holds until
 * the quote TTL runs out. Nothing is written: the quote's id is the signed
 * quote itself (`quote-token.ts`), stored when a transfer takes it. Refuses routes without a corridor (400) and amounts
 * outside the corridor's limits (422 AmountOutOfRange on `amount`).
 */
export async function saveQuote(
  deps: AppDeps,
  sender: { customerId: string; country: string },
  request: SaveQuoteRequest,
): Promise<Quote> {
  const { clock, config, providers } = deps;
  const { customerId } = sender;
  assertSendsFrom(sender.country, request.source_country_iso2);
  const corridor = await resolveCorridor(deps, {
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
          deps,
          customerId,
          request.promo_code,
          { fee: figures.fee, sourceCurrency: corridor.sourceCurrency },
          now,
        );
  const priced: Omit<QuoteRow, 'id'> = {
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
  };
  const row: QuoteRow = { id: signQuote(config.quoteSigningKey, priced), ...priced };
  return quoteView(row, now);
}

type QuoteDeps = Pick<AppDeps, 'db' | 'config'>;

/**
 * The customer's own quote, live or expired, read from its signed id; a quote
 * a transfer has taken is also in the database, under the same id (quotes of
 * earlier versions, which were stored when priced, are read there too).
 * Another customer's, an unknown or an altered id is NotFound.
 */
async function findQuote({ db, config }: QuoteDeps, customerId: string, quoteId: string): Promise<QuoteRow> {
  const signed = readQuote(config.quoteSigningKey, quoteId);
  const row =
    signed ??
    (await db
      .selectFrom('quotes')
      .selectAll()
      .where('id', '=', quoteId)
      .where('customer_id', '=', customerId)
      .executeTakeFirst());
  if (!row || row.customer_id !== customerId) throw new ApiError('NotFound', 'Quote not found');
  return row;
}

/**
 * Keep the quote a transfer takes (or is repriced to), inside the
 * transaction that writes the transfer. Its id is unique, so taking it twice
 * stores it once; one transfer per quote is the transfers' own constraint.
 */
export async function storeQuote(trx: Db, quote: QuoteRow): Promise<void> {
  await trx
    .insertInto('quotes')
    .values(quote)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * The customer's quote while its rate still holds: NotFound for another
 * customer's or an unknown id, QuoteExpired once the rate has run out.
 */
export async function loadLiveQuote(
  deps: QuoteDeps,
  customerId: string,
  quoteId: string,
  now: Date,
): Promise<QuoteRow> {
  const row = await findQuote(deps, customerId, quoteId);
  if (isQuoteExpired(row, now)) throw new ApiError('QuoteExpired', QUOTE_EXPIRED_MESSAGE);
  return row;
}

export async function getQuote(deps: AppDeps, customerId: string, quoteId: string): Promise<Quote> {
  return quoteView(await findQuote(deps, customerId, quoteId), deps.clock.now());
}

export async function getCharges(deps: AppDeps, customerId: string, quoteId: string): Promise<Charges> {
  const now = deps.clock.now();
  return chargesView(await loadLiveQuote(deps, customerId, quoteId, now), now);
}
