import { array, boolean, enums, type Infer, nullable, object, optional, refine, string } from 'superstruct';
import { PAYOUT_TYPES } from '../payout-types.ts';
import { endpoint } from './endpoint.ts';

/** ISO 3166-1 alpha-2, upper case ("GB"). */
export const CountryIso2 = refine(string(), 'country_iso2', (value) =>
  /^[A-Z]{2}$/.test(value) ? true : 'Use a two-letter country code such as GB',
);

/** An amount the customer typed: digits with an optional decimal point, never negative. */
export const AmountString = refine(string(), 'amount', (value) =>
  /^\d{1,15}(?:\.\d{1,6})?$/.test(value) ? true : 'Enter an amount such as 100 or 100.50',
);

/** GET /api/v2/fx-rates query. */
export const FxRatesQuery = object({
  source_country_iso2: CountryIso2,
  destination_country_iso2: optional(CountryIso2),
  payout_provider_name: optional(
    refine(string(), 'payout_provider_name', (value) =>
      /^[a-z0-9-]{1,64}$/.test(value) ? true : 'The payout_provider_name field is invalid',
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
});
export type FxRateOption = Infer<typeof FxRateOption>;

/** 200 `data` of GET /api/v2/fx-rates. */
export const FxRateOptions = array(FxRateOption);
export type FxRateOptions = Infer<typeof FxRateOptions>;

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
} as const;
