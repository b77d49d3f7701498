import type { Address } from '../../../domain/contract/address.ts';
import type { AddressSuggestions, ProvinceList } from '../../../domain/contract/remitter.ts';
import { notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';

/** At most this many suggestions per search. */
export const SUGGESTION_LIMIT = 10;

/** Addresses in the customer's country of residence matching what they typed. */
export function searchAddresses(deps: AppDeps, country: string, query: string): Promise<AddressSuggestions> {
  return deps.providers.addressBook.search(country, query, SUGGESTION_LIMIT);
}

/** The address behind a suggestion; one outside the customer's country is as unknown as a made-up id. */
export async function addressDetails(deps: AppDeps, country: string, id: string): Promise<Address> {
  const entry = await deps.providers.addressBook.details(country, id);
  if (!entry) throw notFound('Address');
  return entry;
}

export function provinces(deps: AppDeps, country: string): Promise<ProvinceList> {
  return deps.providers.addressBook.provinces(country);
}

/** Why `province` cannot go with an address in `country`, or null when it can. */
export async function provinceRefusal(deps: AppDeps, country: string, province: string | null): Promise<string | null> {
  const list = await provinces(deps, country);
  if (list.length === 0) return province === null ? null : 'Addresses in your country have no province.';
  if (province === null) return 'The province field is required';
  return list.some((p) => p.code === province) ? null : 'Choose a province from the list.';
}
