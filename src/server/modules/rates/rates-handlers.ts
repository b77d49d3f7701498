import { ratesApi } from '../../../domain/contract/rates.ts';
import { area } from '../../http/mount-endpoints.ts';
import { listFxRates } from './rates-service.ts';

/** Rates (SPEC §7): the corridors, limits, rates and fees a sender can choose from. */
export const ratesArea = area(ratesApi, {
  listFxRates: ({ deps, query }) => listFxRates(deps, query),
});
