import { describe, expect, it } from 'vitest';
import { formatAmountEntry, parseAmountEntry } from './amount-entry.ts';

describe('typed amounts', () => {
  it('reads plain amounts and the thousands separators of the locale', () => {
    expect(parseAmountEntry('100', 'GBP', 'en-GB')).toEqual({ ok: true, minor: 10000n, wire: '100.00' });
    expect(parseAmountEntry(' 1,000.5 ', 'GBP', 'en-GB')).toEqual({ ok: true, minor: 100050n, wire: '1000.50' });
    expect(parseAmountEntry('1 000,50', 'SEK', 'sv')).toEqual({ ok: true, minor: 100050n, wire: '1000.50' });
    expect(parseAmountEntry('100.25', 'SEK', 'sv')).toEqual({ ok: true, minor: 10025n, wire: '100.25' });
  });

  it('refuses more decimals than the currency has, never rounding', () => {
    expect(parseAmountEntry('10.005', 'GBP', 'en-GB')).toEqual({ ok: false, problem: 'decimals', digits: 2 });
    expect(parseAmountEntry('100.5', 'JPY', 'en-GB')).toEqual({ ok: false, problem: 'decimals', digits: 0 });
  });

  it('refuses what is not an amount, and a comma that is not a thousands separator', () => {
    expect(parseAmountEntry('', 'GBP', 'en-GB')).toEqual({ ok: false, problem: 'empty' });
    expect(parseAmountEntry('abc', 'GBP', 'en-GB')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseAmountEntry('-5', 'GBP', 'en-GB')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseAmountEntry('100,50', 'GBP', 'en-GB')).toEqual({ ok: false, problem: 'invalid' });
  });

  it('shows an amount with the locale separators and the currency decimals, exactly', () => {
    expect(formatAmountEntry(1599325n, 'KES', 'en-GB')).toBe('15,993.25');
    expect(formatAmountEntry(123456789012345678n, 'KES', 'en-GB')).toBe('1,234,567,890,123,456.78');
    expect(parseAmountEntry(formatAmountEntry(100050n, 'SEK', 'sv'), 'SEK', 'sv')).toMatchObject({ minor: 100050n });
  });

  it('keeps Somali shillings and Pakistani rupees to ISO 4217’s two decimals, whatever the browser’s locale data says', () => {
    // the API answers SOS and PKR amounts with two decimals (tests/server/quotes/pakistan-rupee-exponent.test.ts)
    for (const currency of ['SOS', 'PKR']) {
      expect(parseAmountEntry('57100.25', currency, 'en-GB')).toEqual({ ok: true, minor: 5710025n, wire: '57100.25' });
      expect(parseAmountEntry('1 234,50', currency, 'sv')).toEqual({ ok: true, minor: 123450n, wire: '1234.50' });
      expect(parseAmountEntry('1.005', currency, 'so')).toEqual({ ok: false, problem: 'decimals', digits: 2 });
      expect(formatAmountEntry(5710025n, currency, 'en-GB')).toBe('57,100.25');
      expect(formatAmountEntry(5710000n, currency, 'so')).toMatch(/^57.100.00$/);
      expect(parseAmountEntry(formatAmountEntry(5710025n, currency, 'sv'), currency, 'sv')).toMatchObject({
        minor: 5710025n,
        wire: '57100.25',
      });
    }
  });
});
