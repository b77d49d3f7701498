/**
 * The address-book service (DESIGN §4) behind the onboarding address step:
 * the customer types part of their address, picks one of the suggestions,
 * and we ask for that entry's full address. It also knows each country's
 * provinces or states, for addresses typed by hand.
 */
export interface AddressBookEntry {
  street: string;
  city: string;
  postcode: string;
  /** a code from `provinces(country)`, or null where the country has no province list */
  province: string | null;
}

export interface AddressBookSuggestion {
  id: string;
  /** the address on one line, as the list shows it */
  text: string;
}

export interface Province {
  code: string;
  name: string;
}

export interface AddressBook {
  /** Up to `limit` addresses in `country` (ISO alpha-2) matching every word of `query`. */
  search(country: string, query: string, limit: number): Promise<AddressBookSuggestion[]>;
  /** The address a suggestion stands for, when it lies in `country`; undefined for an unknown id. */
  details(country: string, id: string): Promise<AddressBookEntry | undefined>;
  /** The provinces or states of `country`; empty where addresses carry none. */
  provinces(country: string): Promise<Province[]>;
}
