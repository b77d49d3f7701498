import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SOURCE_COUNTRIES } from '../../src/domain/countries.ts';
import { parseDecimal } from '../../src/domain/decimal.ts';
import {
  conversionMarkup,
  type EuroReferenceRates,
  euroCrossRate,
  markupAmount,
  markupPercent,
  prePaymentDisclosure,
} from '../../src/domain/disclosures.ts';

const RATES: EuroReferenceRates = { date: '2026-11-20', perEuro: { SEK: '11.3043', KES: '140.76', GBP: '0.8696' } };

describe('pre-payment disclosures', () => {
  it('show EU/EEA senders the conversion markup, US senders the remittance disclosure, others neither', () => {
    const who = Object.fromEntries(SOURCE_COUNTRIES.map((c) => [c.iso2, prePaymentDisclosure(c.iso2)]));
    expect(who).toEqual({
      SE: 'eea_conversion_markup',
      GB: null,
      BE: 'eea_conversion_markup',
      DK: 'eea_conversion_markup',
      PL: 'eea_conversion_markup',
      NO: 'eea_conversion_markup',
      IT: 'eea_conversion_markup',
      FR: 'eea_conversion_markup',
      CA: null,
      CH: null,
      HR: 'eea_conversion_markup',
      US: 'us_remittance',
    });
  });

  it('give the markup over the reference rate in percent, rounded half up, never negative', () => {
    expect(markupPercent('1.0', '1.0')).toBe('0');
    expect(markupPercent('126.0', '128.0')).toBe('1.56');
    expect(markupPercent('0.99', '1')).toBe('1');
    expect(markupPercent('1.1', '1')).toBe('0');
  });

  it('is between 0 and 100 for every pair of rates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 1, max: 10 ** 9 }), (a, r) => {
        const percent = Number(markupPercent(`${a}.0001`, `${r}.0001`));
        return percent >= 0 && percent <= 100;
      }),
    );
  });

  it('cross two euro reference rates for a pair without the euro, truncated to 8 decimals', () => {
    expect(euroCrossRate(RATES, 'SEK', 'KES')).toBe('12.45189883');
    expect(euroCrossRate(RATES, 'EUR', 'KES')).toBe('140.76');
    expect(euroCrossRate(RATES, 'KES', 'EUR')).toBe('0.00710429');
    expect(euroCrossRate(RATES, 'SEK', 'SOS')).toBeNull();
  });

  it('give the charge in money: the part of the amount sent lost to the markup, rounded half up', () => {
    // 100.00 sent at 126 against a reference of 128: 10000 × 2 / 128 = 156.25 → 156
    expect(markupAmount(10_000n, '126', '128')).toBe(156n);
    expect(markupAmount(10_000n, '128', '128')).toBe(0n);
    expect(markupAmount(10_000n, '130', '128')).toBe(0n);
    expect(conversionMarkup(RATES, { from: 'SEK', to: 'KES', rate: '12.20000000', sentMinor: 100_000n })).toEqual({
      percent: '2.02',
      amountMinor: 2023n,
      referenceRate: '12.45189883',
      referenceDate: '2026-11-20',
    });
    expect(conversionMarkup(RATES, { from: 'SEK', to: 'SEK', rate: '1', sentMinor: 100n })).toBeNull();
    expect(conversionMarkup(RATES, { from: 'SEK', to: 'SOS', rate: '50', sentMinor: 100n })).toBeNull();
  });

  it('never charge more than was sent, nor less than nothing, and agree with the percentage', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        (sent, a, r) => {
          const rate = `${a}.0001`;
          const reference = `${r}.0001`;
          const charge = markupAmount(sent, rate, reference);
          // the percentage has two decimals (±0.005 %), the amount is rounded to one minor unit (±0.5)
          const percent = parseDecimal(markupPercent(rate, reference));
          const fromPercent = sent * percent.units * 10n ** BigInt(2 - percent.scale);
          return (
            charge >= 0n &&
            charge <= sent &&
            charge * 10_000n - fromPercent <= sent / 2n + 5_000n &&
            fromPercent - charge * 10_000n <= sent / 2n + 5_000n
          );
        },
      ),
    );
  });
});
