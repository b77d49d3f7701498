import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iso4217MinorUnitsFrom, iso4217Module, readIso4217ListOne } from '../../../scripts/iso4217-list-one.ts';
import { SOURCE_COUNTRIES } from '../../../src/domain/countries.ts';
import { currencyDigits, displayMoney } from '../../../src/domain/money.ts';
import { ALL_WALLET_CURRENCIES } from '../../../src/domain/wallets.ts';
import type { DatabaseHandle } from '../../../src/server/db/connection.ts';
import { SANDBOX_UNITS_PER_USD } from '../../../src/server/providers/fx-rates/sandbox-fx-rates.ts';
import { createTestDatabase } from '../../support/databases.ts';

/** ISO 4217 List One as the ISO maintenance agency publishes it, read here independently of the committed table. */
const { published, xml } = readIso4217ListOne();
const ISO = iso4217MinorUnitsFrom(xml);

/** What this runtime's locale data (ICU/CLDR) says, which Sarraf no longer uses for amounts. */
function intlDigits(currency: string): number | undefined {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
}

describe('the one ISO 4217 table', () => {
  it('is exactly what the generator writes from the published list', () => {
    expect(readFileSync('src/domain/iso4217.ts', 'utf8')).toBe(iso4217Module(published, ISO));
    expect(ISO.SOS).toBe(2);
    expect(ISO.PKR).toBe(2);
  });

  it('refuses a code ISO 4217 does not list rather than guessing two digits', () => {
    expect(() => currencyDigits('XYZ')).toThrow(RangeError);
  });
});

describe('every currency Sarraf holds, quotes or pays out has ISO 4217’s exponent', () => {
  let handle: DatabaseHandle;
  let used: string[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase('pglite');
    const corridors = await handle.db
      .selectFrom('corridors')
      .select(['source_currency', 'destination_currency'])
      .execute();
    used = [
      ...new Set([
        ...corridors.flatMap((c) => [c.source_currency, c.destination_currency]),
        ...ALL_WALLET_CURRENCIES,
        ...SOURCE_COUNTRIES.map((country) => country.currency),
        ...Object.keys(SANDBOX_UNITS_PER_USD),
      ]),
    ].sort();
  });
  afterAll(() => handle.close());

  it('walks the corridors, wallets, source countries and the rate feed', () => {
    expect(used).toEqual(expect.arrayContaining(['GBP', 'KES', 'PKR', 'SEK', 'SOS', 'UGX', 'USD']));
    for (const currency of used) {
      expect(ISO[currency], `${currency} is in ISO 4217 List One`).toBeDefined();
      expect(currencyDigits(currency), currency).toBe(ISO[currency]);
    }
  });

  it('shows ISO’s digits on screen even where the runtime’s locale data disagrees', () => {
    // On Node 20's ICU (CLDR 48) SOS and PKR have 0 digits in Intl where ISO 4217 has 2:
    // an amount read with Intl's digits would be a hundred times off.
    const disagreeing = used.filter((currency) => intlDigits(currency) !== ISO[currency]);
    for (const currency of disagreeing) {
      expect(currencyDigits(currency), `${currency}: Intl says ${intlDigits(currency)}`).toBe(ISO[currency]);
    }
    expect(displayMoney(123456n, 'SOS', 'en-GB')).toMatch(/1,234\.56$/);
    expect(displayMoney(123456n, 'PKR', 'en-GB')).toMatch(/1,234\.56$/);
    expect(displayMoney(123456n, 'UGX', 'en-GB')).toMatch(/123,456$/);
  });
});
