import { USA_STATES } from '../../../domain/countries.ts';
import type { Province } from './address-book.ts';

/** Canada's provinces and territories. */
export const CANADIAN_PROVINCES = [
  { code: 'AB', name: 'Alberta' },
  { code: 'BC', name: 'British Columbia' },
  { code: 'MB', name: 'Manitoba' },
  { code: 'NB', name: 'New Brunswick' },
  { code: 'NL', name: 'Newfoundland and Labrador' },
  { code: 'NS', name: 'Nova Scotia' },
  { code: 'NT', name: 'Northwest Territories' },
  { code: 'NU', name: 'Nunavut' },
  { code: 'ON', name: 'Ontario' },
  { code: 'PE', name: 'Prince Edward Island' },
  { code: 'QC', name: 'Quebec' },
  { code: 'SK', name: 'Saskatchewan' },
  { code: 'YT', name: 'Yukon' },
] as const;

/** The provinces or states addresses in `country` carry (ISO 3166-2 codes); empty where they carry none. */
export function provincesOf(country: string): Province[] {
  if (country === 'US') return USA_STATES.map(({ code, name }) => ({ code, name }));
  if (country === 'CA') return CANADIAN_PROVINCES.map(({ code, name }) => ({ code, name }));
  return [];
}
