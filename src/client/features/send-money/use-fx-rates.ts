import { useStore } from 'jotai';
import { ratesApi } from '../../../domain/contract/rates.ts';
import { request } from '../../lib/api/client.ts';
import { useAnswer } from '../../lib/api/use-endpoint.ts';
import { loadUserData, userAtom } from '../../lib/session/user-data.ts';

/** The corridors the customer's country sends to, with today's rates (last-known offline). */
export function useFxRates() {
  const store = useStore();
  return useAnswer(async (signal) => {
    const user = store.get(userAtom) ?? (await loadUserData(store)).user;
    return request(ratesApi.listFxRates, { query: { source_country_iso2: user.country }, signal });
  }, 'fx-rates');
}
