import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertMinor,
  currencyDigits,
  displayMoney,
  formatMinor,
  parseMinor,
  sourceForDestination,
} from '../../src/domain/money.ts';

const CURRENCIES = ['GBP', 'EUR', 'USD', 'SEK', 'KES', 'JPY', 'KWD', 'INR', 'SOS', 'PKR', 'UGX', 'IQD'];
const currency = fc.constantFrom(...CURRENCIES);
const minor = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n });
const positiveMinor = fc.bigInt({ min: 1n, max: 10n ** 12n });
/** a positive decimal rate with up to 6 decimals, e.g. "162.340512" */
const rate = fc
  .tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 999_999 }))
  .filter(([w, f]) => w > 0 || f > 0)
  .map(([w, f]) => `${w}.${String(f).padStart(6, '0')}`);

describe('currency digits come from ISO 4217, not Intl', () => {
  it.each([
    ['GBP', 2],
    ['JPY', 0],
    ['KWD', 3],
    ['SEK', 2],
    ['SOS', 2],
    ['PKR', 2],
    ['UGX', 0],
    ['IQD', 3],
  ])('%s has %i decimals', (c, d) => {
    expect(currencyDigits(c)).toBe(d);
  });
});

describe('parse and format', () => {
  it('parses decimal strings exactly', () => {
    expect(parseMinor('12.30', 'GBP')).toBe(1230n);
    expect(parseMinor('12.3', 'GBP')).toBe(1230n);
    expect(parseMinor('1000', 'JPY')).toBe(1000n);
    expect(parseMinor('0.001', 'KWD')).toBe(1n);
    expect(parseMinor('-5.01', 'EUR')).toBe(-501n);
  });

  it('refuses more decimals than the currency has and non-numbers', () => {
    expect(() => parseMinor('1.005', 'GBP')).toThrow(RangeError);
    expect(() => parseMinor('1.5', 'JPY')).toThrow(RangeError);
    expect(() => parseMinor('1e3', 'GBP')).toThrow(RangeError);
    expect(() => parseMinor('', 'GBP')).toThrow(RangeError);
  });

  it('format then parse is the identity for every amount', () => {
    fc.assert(
      fc.property(minor, currency, (m, c) => {
        expect(parseMinor(formatMinor(m, c), c)).toBe(m);
      }),
    );
  });

  it('formats with the currency digits', () => {
    expect(formatMinor(5n, 'GBP')).toBe('0.05');
    expect(formatMinor(-123456n, 'USD')).toBe('-1234.56');
    expect(formatMinor(7n, 'JPY')).toBe('7');
  });
});

describe('conversion truncates to the target minor unit', () => {
  it('matches a hand computation', () => {
    // 100.00 GBP × 162.345678 = 16234.5678 KES → 16234.56 (truncated, not rounded)
    expect(convertMinor(10000n, 'GBP', '162.345678', 'KES')).toBe(1623456n);
    // 10.00 GBP × 1.27 = 12.70 USD
    expect(convertMinor(1000n, 'GBP', '1.27', 'USD')).toBe(1270n);
    // 1.00 GBP × 190.5 JPY = 190 JPY (0 decimals)
    expect(convertMinor(100n, 'GBP', '190.5', 'JPY')).toBe(190n);
  });

  it('never gives more than the exact product', () => {
    fc.assert(
      fc.property(positiveMinor, rate, (from, r) => {
        const to = convertMinor(from, 'GBP', r, 'KES');
        // exact product in units of 10^-(2+6): to × 10^6 ≤ from × rate × 10^6
        const [w, f = ''] = r.split('.');
        const rateUnits = BigInt(`${w}${f}`);
        expect(to * 10n ** BigInt(f.length)).toBeLessThanOrEqual(from * rateUnits);
        expect((to + 1n) * 10n ** BigInt(f.length)).toBeGreaterThan(from * rateUnits);
      }),
    );
  });

  it('sourceForDestination is the smallest source that reaches the destination', () => {
    fc.assert(
      fc.property(positiveMinor, rate, (wanted, r) => {
        const from = sourceForDestination(wanted, 'KES', r, 'GBP');
        expect(convertMinor(from, 'GBP', r, 'KES')).toBeGreaterThanOrEqual(wanted);
        if (from > 0n) expect(convertMinor(from - 1n, 'GBP', r, 'KES')).toBeLessThan(wanted);
      }),
    );
  });
});

describe('display', () => {
  it('uses the locale grouping and symbol without rounding', () => {
    expect(displayMoney(123456789n, 'GBP', 'en-GB')).toBe('£1,234,567.89');
    expect(displayMoney(199n, 'USD', 'en-US')).toBe('$1.99');
  });
});
