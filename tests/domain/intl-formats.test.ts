import { describe, expect, it } from 'vitest';
import { dateTimeFormat, displayNames, numberFormat } from '../../src/domain/intl-formats.ts';

describe('Intl formats made once', () => {
  it('gives the same formatter for the same locale and options, another for other ones', () => {
    const pounds = numberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    expect(numberFormat('en-GB', { style: 'currency', currency: 'GBP' })).toBe(pounds);
    expect(numberFormat('sv', { style: 'currency', currency: 'GBP' })).not.toBe(pounds);
    expect(numberFormat('en-GB', { style: 'currency', currency: 'KES' })).not.toBe(pounds);
    expect(pounds.format(1234.5)).toBe('£1,234.50');
    const short = dateTimeFormat('sv', { dateStyle: 'short', timeZone: 'UTC' });
    expect(dateTimeFormat('sv', { dateStyle: 'short', timeZone: 'UTC' })).toBe(short);
    expect(short.format(Date.UTC(2026, 10, 30))).toBe('2026-11-30');
    expect(displayNames('sv', { type: 'region' }).of('KE')).toBe('Kenya');
    expect(displayNames('sv', { type: 'region' })).toBe(displayNames('sv', { type: 'region' }));
  });

  it('still answers rightly after more formats than it keeps', () => {
    const first = numberFormat('en-GB', { minimumFractionDigits: 0 });
    for (let digits = 0; digits <= 20; digits++) {
      for (const locale of ['en-GB', 'en-US', 'sv', 'so', 'en-CA', 'de', 'fr', 'ar', 'hi', 'sw', 'it', 'es', 'pt']) {
        expect(numberFormat(locale, { minimumFractionDigits: digits }).resolvedOptions().minimumFractionDigits).toBe(
          digits,
        );
      }
    }
    expect(numberFormat('en-GB', { minimumFractionDigits: 0 })).not.toBe(first);
    expect(numberFormat('en-GB', { minimumFractionDigits: 0 }).format(2.5)).toBe('2.5');
  });
});
