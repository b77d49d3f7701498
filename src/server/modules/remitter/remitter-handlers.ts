import { remitterApi } from '../../../domain/contract/remitter.ts';
import { PURPOSES_OF_ACCOUNT } from '../../../domain/remitter.ts';
import { findCustomer } from '../../customers/customers.ts';
import { notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { area } from '../../http/mount-endpoints.ts';
import { addressDetails, provinces, searchAddresses } from './address-lookup.ts';
import { createRemitter, remitterDetails, updateRemitter } from './remitter-service.ts';

/** The country the signed-in customer's address lies in: their country of residence. */
async function residenceOf(deps: AppDeps, customerId: string): Promise<string> {
  const customer = await findCustomer(deps.db, customerId);
  if (!customer) throw notFound('Customer');
  return customer.country;
}

/** The remitter record and the address book behind onboarding. */
export const remitterArea = area(remitterApi, {
  create: ({ deps, session, body }) => createRemitter(deps, session.customerId, body),
  update: ({ deps, session, body }) => updateRemitter(deps, session.customerId, body),
  temporaryDetails: ({ deps, session }) => remitterDetails(deps, session.customerId),
  addressPlainLookup: async ({ deps, session, body }) =>
    searchAddresses(deps, await residenceOf(deps, session.customerId), body.query),
  addressDetailLookup: async ({ deps, session, body }) =>
    addressDetails(deps, await residenceOf(deps, session.customerId), body.id),
  provinces: async ({ deps, session }) => provinces(deps, await residenceOf(deps, session.customerId)),
  purposesOfAccount: () => Object.entries(PURPOSES_OF_ACCOUNT).map(([code, name]) => ({ code, name })),
});
