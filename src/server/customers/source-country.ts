import { findSourceCountry, type SourceCountry } from '../../domain/countries.ts';
import type { Customer } from './customers.ts';

/** The source country the customer lives in: their currency, yearly limit, terms and privacy policy. */
export function sourceCountryOf(customer: Customer): SourceCountry {
  const country = findSourceCountry(customer.country);
  if (!country) throw new Error(`customer ${customer.id} lives in ${customer.country}, which is not a source country`);
  return country;
}
