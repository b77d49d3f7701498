import { PAYOUT_TYPES } from '../payout-types.ts';
import { endpoint } from './endpoint.ts';
import { array, boolean, enums, type Infer, integer, nullable, object, optional, refine, string } from './structs.ts';
import { PAYMENT_TYPES } from './transfers/transfer.ts';

/** ISO 3166-1 alpha-2, upper case ("GB"). */
export const CountryIso2 = refine(
  string(),
  'country_iso2',
  (value) => (/^[A-Z]{2}$/.test(value) ? true : 'Use a two-letter country code such as GB'),
  { pattern: '^[A-Z]{2}$' },
);

/** An amount the customer typed: digits with an optional decimal point, never negative. */
export const AmountString = refine(
  string(),
  'amount',
  (value) => (/^\d{1,15}(?:\.\d{1,6})?$/.test(value) ? true : 'Enter an amount such as 100 or 100.50'),
  { pattern: '^\\d{1,15}(?:\\.\\d{1,6})?$' },
);

/** GET /api/v2/fx-rates query. */
export const FxRatesQuery = object({
  source_country_iso2: CountryIso2,
  destination_country_iso2: optional(CountryIso2),
  payout_provider_name: optional(
    refine(
      string(),
      'payout_provider_name',
      (value) => (/^[a-z0-9-]{1,64}$/.test(value) ? true : 'The payout_provider_name field is invalid'),
      { pattern: '^[a-z0-9-]{1,64}$' },
    ),
  ),
});
export type FxRatesQuery = Infer<typeof FxRatesQuery>;

/**
 * One band of a corridor's fee schedule: for send amounts up to and including
 * `up_to_send_amount` (null: any larger amount), the fee is `fixed_fee` plus
 * `variable_fee_bps` basis points of the send amount, truncated. Amounts are
 * decimal strings of the source currency; bands ascend.
 */
export const FeeBandWire = object({
  up_to_send_amount: nullable(string()),
  fixed_fee: string(),
  variable_fee_bps: string(),
});
export type FeeBandWire = Infer<typeof FeeBandWire>;

/**
 * A destination / fx-rate option (SPEC §3): one payout type of one corridor,
 * its limits (decimal strings, bounds included), the customer rate and fees.
 */
export const FxRateOption = object({
  source_country_iso2: string(),
  source_currency_code: string(),
  destination_country_iso2: string(),
  destination_currency_code: string(),
  payout_type: enums(PAYOUT_TYPES),
  is_default_payout_type: boolean(),
  min_send_amount: string(),
  max_send_amount: string(),
  min_destination_amount: string(),
  max_destination_amount: string(),
  payout_provider_name: string(),
  /** destination units per source unit, decimal string, at most 6 decimals */
  rate: string(),
  fee_schedule: array(FeeBandWire),
  /** at the latest, how many hours after payment the money is with the recipient */
  delivery_hours: integer(),
});
export type FxRateOption = Infer<typeof FxRateOption>;

/** 200 `data` of GET /api/v2/fx-rates. */
export const FxRateOptions = array(FxRateOption);
export type FxRateOptions = Infer<typeof FxRateOptions>;

/** POST /remit/options/get-rates body: the rates of every corridor from a source country, or to one destination. */
export const GetRatesRequest = object({
  source_country_iso2: CountryIso2,
  destination_country_iso2: optional(CountryIso2),
});
export type GetRatesRequest = Infer<typeof GetRatesRequest>;

/** One corridor's rate beside the mid-market rate it is made from, so the margin is plain. */
export const CorridorRateView = object({
  source_currency_code: string(),
  destination_country_iso2: string(),
  destination_currency_code: string(),
  payout_type: enums(PAYOUT_TYPES),
  /** the FX feed's mid-market rate, decimal string */
  mid_rate: string(),
  /** the customer's rate: mid less `margin_bps` */
  rate: string(),
  margin_bps: integer(),
});
export type CorridorRateView = Infer<typeof CorridorRateView>;

/** A country customers send from, its currency and where they can send to. */
export const SourceCountryView = object({
  iso2: string(),
  currency: string(),
  destinations: array(string()),
});
export type SourceCountryView = Infer<typeof SourceCountryView>;

/** POST /remit/options/get-mobile-operators body. */
export const MobileOperatorsRequest = object({ country_iso2: CountryIso2 });
export type MobileOperatorsRequest = Infer<typeof MobileOperatorsRequest>;

/** A mobile-money network or wallet; `number_prefixes` non-empty when it takes only numbers starting so (E.164). */
export const MobileOperator = object({ code: string(), name: string(), number_prefixes: array(string()) });
export type MobileOperator = Infer<typeof MobileOperator>;

/** A corridor of the sender's country, named by destination and payout type. */
export const CorridorChoice = object({
  destination_country_iso2: CountryIso2,
  payout_type: enums(PAYOUT_TYPES),
});
export type CorridorChoice = Infer<typeof CorridorChoice>;

/** One entry of a payout directory (a bank, network or collection point); collection points also say where they are. */
export const DataSourceEntry = object({
  code: string(),
  name: string(),
  city: optional(string()),
  address: optional(string()),
});
export type DataSourceEntry = Infer<typeof DataSourceEntry>;

/**
 * 200 `data` of get-transaction-options: how the customer can pay for this
 * corridor, and where the money can be delivered (the lists the quote screen shows).
 */
export const TransactionOptions = object({
  payment_types: array(enums(PAYMENT_TYPES)),
  delivery_banks: array(DataSourceEntry),
  mobile_operators: array(MobileOperator),
  /** with their city and address */
  collection_points: array(DataSourceEntry),
  payment_processor: string(),
  delivery_hours: integer(),
});
export type TransactionOptions = Infer<typeof TransactionOptions>;

/** 200 `data` of GET /remit/options/payout-processor: who delivers a corridor, and how fast. */
export const PayoutProcessor = object({
  destination_country_iso2: string(),
  payout_type: enums(PAYOUT_TYPES),
  payout_provider_name: string(),
  delivery_hours: integer(),
});
export type PayoutProcessor = Infer<typeof PayoutProcessor>;

/** The rates area of the main API: the corridors, limits, rates and fees a sender can choose from. */
export const ratesApi = {
  listFxRates: endpoint({
    method: 'GET',
    base: 'main',
    path: '/api/v2/fx-rates',
    auth: 'session',
    query: FxRatesQuery,
    response: FxRateOptions,
    offline: 'last-known',
  }),
  getRates: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/options/get-rates',
    auth: 'session',
    body: GetRatesRequest,
    response: array(CorridorRateView),
  }),
  getSourceCountries: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/options/get-source-countries',
    auth: 'session',
    response: array(SourceCountryView),
  }),
  getMobileOperators: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/options/get-mobile-operators',
    auth: 'session',
    body: MobileOperatorsRequest,
    response: array(MobileOperator),
  }),
  getTransactionOptions: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/options/get-transaction-options',
    auth: 'session',
    body: CorridorChoice,
    response: TransactionOptions,
  }),
  getPayoutProcessor: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/options/payout-processor',
    auth: 'session',
    query: CorridorChoice,
    response: PayoutProcessor,
  }),
} as const;
