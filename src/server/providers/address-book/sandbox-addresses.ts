import type { AddressBookEntry } from './address-book.ts';

/**
 * The sandbox address book: a few real-looking addresses per country. The
 * README's "Sandbox addresses" lists postcodes to search for in demos and tests.
 */
export const SANDBOX_ADDRESSES: Readonly<Record<string, readonly AddressBookEntry[]>> = {
  GB: [
    { street: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', province: null },
    { street: '221B Baker Street', city: 'London', postcode: 'NW1 6XE', province: null },
    { street: '1 Deansgate', city: 'Manchester', postcode: 'M3 1AZ', province: null },
    { street: '15 Princes Street', city: 'Edinburgh', postcode: 'EH2 2AN', province: null },
    { street: '4 Broad Street', city: 'Birmingham', postcode: 'B1 2HF', province: null },
  ],
  SE: [
    { street: 'Drottninggatan 53', city: 'Stockholm', postcode: '111 21', province: null },
    { street: 'Kungsgatan 12', city: 'Göteborg', postcode: '411 19', province: null },
    { street: 'Stortorget 7', city: 'Malmö', postcode: '211 22', province: null },
    { street: 'Rinkebystråket 5', city: 'Spånga', postcode: '163 73', province: null },
  ],
  CA: [
    { street: '290 Bremner Blvd', city: 'Toronto', postcode: 'M5V 3L9', province: 'ON' },
    { street: '1055 Canada Pl', city: 'Vancouver', postcode: 'V6C 0C3', province: 'BC' },
    { street: '1 Rue Notre-Dame O', city: 'Montréal', postcode: 'H2Y 1S5', province: 'QC' },
    { street: '111 Wellington St', city: 'Ottawa', postcode: 'K1A 0A9', province: 'ON' },
  ],
  US: [
    { street: '350 Fifth Avenue', city: 'New York', postcode: '10118', province: 'NY' },
    { street: '1600 Pennsylvania Avenue NW', city: 'Washington', postcode: '20500', province: 'DC' },
    { street: '400 Broad Street', city: 'Seattle', postcode: '98109', province: 'WA' },
    { street: '2800 E Observatory Rd', city: 'Los Angeles', postcode: '90027', province: 'CA' },
    { street: '1500 Marilla Street', city: 'Dallas', postcode: '75201', province: 'TX' },
    { street: '600 Nicollet Mall', city: 'Minneapolis', postcode: '55402', province: 'MN' },
  ],
  DE: [
    { street: 'Platz der Republik 1', city: 'Berlin', postcode: '11011', province: null },
    { street: 'Marienplatz 8', city: 'München', postcode: '80331', province: null },
  ],
  FR: [
    { street: '5 Avenue Anatole France', city: 'Paris', postcode: '75007', province: null },
    { street: '1 Place de la Comédie', city: 'Lyon', postcode: '69001', province: null },
  ],
  NL: [
    { street: 'Dam 1', city: 'Amsterdam', postcode: '1012 JS', province: null },
    { street: 'Coolsingel 40', city: 'Rotterdam', postcode: '3011 AD', province: null },
  ],
  BE: [{ street: 'Grote Markt 1', city: 'Brussel', postcode: '1000', province: null }],
  DK: [{ street: 'Rådhuspladsen 1', city: 'København', postcode: '1550', province: null }],
  NO: [{ street: 'Karl Johans gate 22', city: 'Oslo', postcode: '0159', province: null }],
  IT: [{ street: 'Piazza del Colosseo 1', city: 'Roma', postcode: '00184', province: null }],
};
