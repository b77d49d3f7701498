import { describe, expect, it } from 'vitest';
import { preferredLocale } from '../../src/domain/locales.ts';

describe('preferredLocale', () => {
  it('takes the stored choice first', () => {
    expect(preferredLocale('so', ['sv-SE'])).toBe('so');
  });

  it('ignores a stored value that is not a locale we have', () => {
    expect(preferredLocale('de', ['en-US'])).toBe('en-US');
  });

  it('matches the browser languages by region, then by language', () => {
    expect(preferredLocale(null, ['en-CA', 'sv'])).toBe('en-CA');
    expect(preferredLocale(null, ['sv-FI'])).toBe('sv');
    expect(preferredLocale(null, ['de-DE', 'so-KE'])).toBe('so');
    expect(preferredLocale(null, ['en-AU'])).toBe('en-GB');
    expect(preferredLocale(null, ['de-DE'])).toBe('en-GB');
    expect(preferredLocale(null, [])).toBe('en-GB');
  });
});
