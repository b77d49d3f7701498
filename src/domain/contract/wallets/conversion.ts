import { CONVERSION_HISTORY_MAX } from '../../wallets.ts';
import { endpoint } from '../endpoint.ts';
import { page, pageQuery } from '../pages.ts';
import { AmountString } from '../rates.ts';
import { enums, type Infer, integer, object, refine, string } from '../structs.ts';
import { WalletCurrencyCode } from './balances.ts';

/**
 * Conversion between the customer's own currencies: a rate or a quote first,
 * then the conversion at that rate while it holds, and the conversions made.
 */

/** A currency pair to convert between. */
export const CurrencyPair = object({ from_currency: WalletCurrencyCode, to_currency: WalletCurrencyCode });
export type CurrencyPair = Infer<typeof CurrencyPair>;

/** 200 `data` of exchange-rates: the customer's rate for the pair, good until `expires_at`. */
export const ExchangeRate = object({
  from_currency: string(),
  to_currency: string(),
  /** units of `to_currency` one unit of `from_currency` buys */
  rate: string(),
  /** ISO 8601; a conversion at this rate is refused after it */
  expires_at: string(),
  /** seconds left when answered: the client counts down on its own clock from receipt, whatever its time says */
  expires_in_seconds: integer(),
});
export type ExchangeRate = Infer<typeof ExchangeRate>;

/** POST /api/v1/currency-convert (and /transfer/exchange) body. */
export const ConvertQuoteRequest = object({
  from_currency: WalletCurrencyCode,
  to_currency: WalletCurrencyCode,
  from_amount: AmountString,
});
export type ConvertQuoteRequest = Infer<typeof ConvertQuoteRequest>;

/** 200 `data` of currency-convert: to_amount = from_amount × exchange_rate, truncated to 2 decimals. */
export const ConvertQuote = object({
  from_currency: string(),
  to_currency: string(),
  from_amount: string(),
  to_amount: string(),
  exchange_rate: string(),
  expires_at: string(),
  expires_in_seconds: integer(),
});
export type ConvertQuote = Infer<typeof ConvertQuote>;

/** SPEC §3 conversion request: POST /api/v1/conversions/execute body. */
export const ConversionRequest = object({
  from_currency: WalletCurrencyCode,
  to_currency: WalletCurrencyCode,
  from_amount: AmountString,
  to_amount: AmountString,
  exchange_rate: refine(
    string(),
    'exchange_rate',
    (value) => (/^\d{1,12}(?:\.\d{1,12})?$/.test(value) ? true : 'The exchange_rate field is invalid'),
    { pattern: '^\\d{1,12}(?:\\.\\d{1,12})?$' },
  ),
});
export type ConversionRequest = Infer<typeof ConversionRequest>;

export const CONVERSION_STATUSES = ['COMPLETED'] as const;

/** SPEC §3 conversion history entry; also the answer of conversions/execute. */
export const Conversion = object({
  id: string(),
  from_currency: string(),
  to_currency: string(),
  from_amount: string(),
  to_amount: string(),
  exchange_rate: string(),
  /** ISO 8601 */
  timestamp: string(),
  status: enums(CONVERSION_STATUSES),
});
export type Conversion = Infer<typeof Conversion>;

/**
 * GET /api/v1/conversions query: a page of `limit` (default 50), older than
 * `before` or newer than `after`; a page holds at most the 50 the history
 * keeps (SPEC §9).
 */
export const ConversionPageQuery = pageQuery(CONVERSION_HISTORY_MAX);

/** GET /api/v1/conversions: the whole body, a page of the customer's conversions, newest first, in `data`, and the next page's link. */
export const ConversionPage = page(Conversion);
export type ConversionPage = Infer<typeof ConversionPage>;

/** Rates, quotes and conversions. */
export const conversionCalls = {
  exchangeRate: endpoint({
    method: 'GET',
    base: 'main',
    path: '/api/v1/exchange-rates',
    auth: 'session',
    query: CurrencyPair,
    response: ExchangeRate,
  }),
  convertQuote: endpoint({
    method: 'POST',
    base: 'main',
    path: '/api/v1/currency-convert',
    auth: 'session',
    body: ConvertQuoteRequest,
    response: ConvertQuote,
  }),
  exchangeQuote: endpoint({
    method: 'POST',
    base: 'main',
    path: '/transfer/exchange',
    auth: 'session',
    body: ConvertQuoteRequest,
    response: ConvertQuote,
  }),
  executeConversion: endpoint({
    method: 'POST',
    base: 'main',
    path: '/api/v1/conversions/execute',
    auth: 'session',
    body: ConversionRequest,
    response: Conversion,
    status: 201,
    idempotent: true,
  }),
  listConversions: endpoint({
    method: 'GET',
    base: 'main',
    path: '/api/v1/conversions',
    auth: 'session',
    query: ConversionPageQuery,
    response: ConversionPage,
    envelope: 'body',
  }),
} as const;
