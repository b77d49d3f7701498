import { SourceCountryList, SourceCountryView } from '../../../domain/contract/locator.ts';
import { api } from './client.ts';

/** The service locator's base on our origin (contract: src/domain/contract/locator.ts). */
const LOCATOR_URL = '/api/locator';

/** GET /countries: the countries Sarraf serves, each with its API bases and legal links. */
export function fetchSourceCountries(signal?: AbortSignal): Promise<SourceCountryList> {
  return api('/countries', SourceCountryList, { baseUrl: LOCATOR_URL, signal });
}

/** GET /countries/:iso2: one served country. */
export function fetchSourceCountry(iso2: string, signal?: AbortSignal): Promise<SourceCountryView> {
  return api(`/countries/${encodeURIComponent(iso2)}`, SourceCountryView, { baseUrl: LOCATOR_URL, signal });
}
