import type { AddressBook, AddressBookEntry, Province } from './address-book.ts';
import { provincesOf } from './provinces.ts';
import { SANDBOX_ADDRESSES } from './sandbox-addresses.ts';

/** How an address is found: its words, case and accents aside, postcodes also without their space. */
const fold = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

const oneLine = (entry: AddressBookEntry): string =>
  [entry.street, entry.city, entry.province, entry.postcode].filter(Boolean).join(', ');

const searchText = (entry: AddressBookEntry): string => fold(`${oneLine(entry)} ${entry.postcode.replace(/\s/g, '')}`);

/** An entry's id: its country and its place in the book, e.g. "GB-2". */
const idOf = (country: string, index: number): string => `${country}-${index + 1}`;

/** The sandbox adapter over the bundled book (`sandbox-addresses.ts`). */
export function sandboxAddressBook(): AddressBook {
  return {
    async search(country, query, limit) {
      const words = fold(query)
        .split(/[\s,]+/)
        .filter(Boolean);
      if (words.length === 0) return [];
      return (SANDBOX_ADDRESSES[country] ?? [])
        .map((entry, index) => ({ entry, index }))
        .filter(({ entry }) => words.every((word) => searchText(entry).includes(word)))
        .slice(0, limit)
        .map(({ entry, index }) => ({ id: idOf(country, index), text: oneLine(entry) }));
    },
    async details(country, id) {
      const match = /^([A-Z]{2})-([1-9][0-9]{0,3})$/.exec(id);
      if (!match || match[1] !== country) return undefined;
      const entry = SANDBOX_ADDRESSES[country]?.[Number(match[2]) - 1];
      return entry ? { ...entry } : undefined;
    },
    async provinces(country): Promise<Province[]> {
      return provincesOf(country);
    },
  };
}
