import type { AddressBook } from './address-book.ts';
import { provincesOf } from './provinces.ts';

/**
 * ADDRESS_LOOKUP=off: no address search (the customer types the address, and
 * the browser goes straight to the form); the provinces of a typed address
 * are still known.
 */
export function noAddressBook(): AddressBook {
  return {
    async search() {
      return [];
    },
    async details() {
      return undefined;
    },
    async provinces(country) {
      return provincesOf(country);
    },
  };
}
