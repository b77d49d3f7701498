import { ratesApi } from '../../../domain/contract/rates.ts';
import { area } from '../../http/mount-endpoints.ts';
import {
  getMobileOperators,
  getPayoutProcessor,
  getRates,
  getSourceCountries,
  getTransactionOptions,
} from './options-service.ts';
import { listFxRates } from './rates-service.ts';

/** Rates (SPEC §7): the corridors, limits, rates and fees a sender can choose from. */
export const ratesArea = area(ratesApi, {
  listFxRates: ({ deps, query }) => listFxRates(deps, query),
  getRates: ({ deps, body }) => getRates(deps, body),
  getSourceCountries: ({ deps }) => getSourceCountries(deps),
  getMobileOperators: ({ deps, body }) => getMobileOperators(deps, body.country_iso2),
  getTransactionOptions: ({ deps, session, body }) => getTransactionOptions(deps, session.country, body),
  getPayoutProcessor: ({ deps, session, query }) => getPayoutProcessor(deps, session.country, query),
});
