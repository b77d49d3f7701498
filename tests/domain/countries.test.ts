import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findSourceCountry,
  isSourceCountry,
  limitRemainingWarning,
  SOURCE_COUNTRIES,
  statesOf,
  USA_STATES,
} from '../../src/domain/countries.ts';
import { currencyDigits } from '../../src/domain/money.ts';

describe('source countries', () => {
  it('serves the SPEC §3 countries plus the United States, each once', () => {
    expect(SOURCE_COUNTRIES.map((c) => c.iso2)).toEqual([
      'SE',
      'GB',
      'BE',
      'DK',
      'PL',
      'NO',
      'IT',
      'FR',
      'CA',
      'CH',
      'HR',
      'US',
    ]);
    expect(new Set(SOURCE_COUNTRIES.map((c) => c.iso2)).size).toBe(SOURCE_COUNTRIES.length);
  });

  it('names each country as Intl does in English and uses a real currency', () => {
    const names = new Intl.DisplayNames('en', { type: 'region' });
    for (const country of SOURCE_COUNTRIES) {
      expect(country.name).toBe(names.of(country.iso2));
      expect(currencyDigits(country.currency)).toBe(2);
      expect(country.yearlyLimit).toBeGreaterThan(0n);
    }
  });

  it('offers bank ID only in Sweden and Norway, and the US brand only in the US', () => {
    expect(SOURCE_COUNTRIES.filter((c) => c.bankIdLogin || c.bankIdRegistration).map((c) => c.iso2)).toEqual([
      'SE',
      'NO',
    ]);
    expect(SOURCE_COUNTRIES.filter((c) => c.project === 'sarraf-us').map((c) => c.iso2)).toEqual(['US']);
  });

  it('finds a country in any letter case; isSourceCountry takes the canonical code only', () => {
    expect(findSourceCountry('se')?.currency).toBe('SEK');
    expect(findSourceCountry('SO')).toBeUndefined();
    expect(isSourceCountry('SE')).toBe(true);
    expect(isSourceCountry('se')).toBe(false);
  });

  it('gives only the United States states: the 50 and DC, with unique codes', () => {
    expect(statesOf('US')).toBe(USA_STATES);
    expect(statesOf('GB')).toEqual([]);
    expect(new Set(USA_STATES.map((s) => s.code)).size).toBe(51);
  });
});

describe('limit warning', () => {
  it('warns from 90 % of the limit used, never before', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 13n }), (limit, used) => {
        expect(limitRemainingWarning(limit, used)).toBe(used * 10n >= limit * 9n);
      }),
    );
    expect(limitRemainingWarning(25_000_00n, 22_499_99n)).toBe(false);
    expect(limitRemainingWarning(25_000_00n, 22_500_00n)).toBe(true);
  });
});
