import { PAYOUT_TYPES } from '../payout-types.ts';
import { AMOUNT_TYPES } from '../pricing.ts';
import { endpoint } from './endpoint.ts';
import { QuoteId } from './fields.ts';
import { PromoCodeInput } from './promotions.ts';
import { AmountString, CountryIso2 } from './rates.ts';
import { assign, boolean, enums, type Infer, integer, nullable, object, optional, string } from './structs.ts';

/** POST /remit/remittance/save-quote body. `amount` is in the source currency (SOURCE) or the destination's (DESTINATION). */
export const SaveQuoteRequest = object({
  source_country_iso2: CountryIso2,
  destination_country_iso2: CountryIso2,
  payout_type: enums(PAYOUT_TYPES),
  amount: AmountString,
  amount_type: enums(AMOUNT_TYPES),
  /** a promo code to lower the fee; an unusable one is refused (422 InvalidPromotionCode) */
  promo_code: optional(PromoCodeInput),
});
export type SaveQuoteRequest = Infer<typeof SaveQuoteRequest>;

/** Time left on a quote's rate when the response was made. */
export const QuoteTimer = object({ minutes: integer(), seconds: integer() });
export type QuoteTimer = Infer<typeof QuoteTimer>;

/** The money of a quote: decimal strings, source-currency send/fee/total, destination-currency receive. */
const QuoteFigures = object({
  quote_id: string(),
  /** ISO 8601; the rate holds until then */
  quote_expiration_time: string(),
  timer: QuoteTimer,
  send_amount: string(),
  fee: string(),
  /** send_amount + fee: what the customer pays */
  total: string(),
  /** exactly what arrives */
  receive_amount: string(),
  rate: string(),
  source_currency: string(),
  destination_currency: string(),
  /** the mid-market rate our rate is made from, shown beside it */
  mid_rate: string(),
  /** what our rate's margin costs, in the source currency: send_amount less its worth at the mid-market rate */
  rate_markup: string(),
  /** the promo code applied, and what it took off the fee (`fee` is after it) */
  promo_code: nullable(string()),
  fee_discount: string(),
  /** fee + rate_markup: everything the transfer costs the customer */
  total_cost: string(),
  /** at the latest, hours from payment until the money is with the recipient */
  delivery_hours: integer(),
});

/** 201 `data` of save-quote and 200 `data` of GET /remit/remittance/quotes/:quoteId. */
export const Quote = assign(
  QuoteFigures,
  object({
    source_country_iso2: string(),
    destination_country_iso2: string(),
    payout_type: enums(PAYOUT_TYPES),
    amount_type: enums(AMOUNT_TYPES),
    /** true once the rate has run out; such a quote cannot be paid */
    expired: boolean(),
  }),
);
export type Quote = Infer<typeof Quote>;

/** POST /remit/transaction/get-charges body. */
export const GetChargesRequest = object({
  quote_id: QuoteId,
});
export type GetChargesRequest = Infer<typeof GetChargesRequest>;

/** 200 `data` of get-charges: what a live quote costs; an expired quote answers QuoteExpired instead. */
export const Charges = QuoteFigures;
export type Charges = Infer<typeof Charges>;

/** The quotes area of the main API: a priced transfer whose rate holds until it expires. */
export const quotesApi = {
  saveQuote: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/remittance/save-quote',
    auth: 'session',
    body: SaveQuoteRequest,
    response: Quote,
    status: 201,
  }),
  getQuote: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/remittance/quotes/:quote_id',
    auth: 'session',
    params: object({ quote_id: QuoteId }),
    response: Quote,
    notFound: 'Quote',
  }),
  getCharges: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/transaction/get-charges',
    auth: 'session',
    body: GetChargesRequest,
    response: Charges,
  }),
} as const;
