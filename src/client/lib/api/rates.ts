import { FxRateOptions } from '../../../domain/contract/rates.ts';
import { api } from './client.ts';

/** GET /api/v2/fx-rates: the destinations, payout types, limits and rates a sender in `sourceCountry` can choose. */
export function fetchFxRates(sourceCountry: string, signal?: AbortSignal): Promise<FxRateOptions> {
  return api('/api/v2/fx-rates', FxRateOptions, { query: { source_country_iso2: sourceCountry }, signal });
}
