import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from './i18n.ts';
import { longMonthName, shortMonthName } from './month-names.ts';

describe('month names', () => {
  afterAll(() => activateLocale('en-GB'));

  it('names the months in Somali from the catalogue, where Chromium’s Intl answers in English', async () => {
    await activateLocale('so');
    expect(longMonthName(i18n, '2026-01')).toBe('Jannaayo 2026');
    expect(longMonthName(i18n, '2026-08')).toBe('Ogost 2026');
    expect(shortMonthName(i18n, '2026-12')).toBe('Des');
  });

  it('names them in Swedish and English, and every month differently', async () => {
    await activateLocale('sv');
    expect(longMonthName(i18n, '2025-05')).toBe('maj 2025');
    await activateLocale('en-GB');
    const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
    expect(new Set(months.map((m) => shortMonthName(i18n, m))).size).toBe(12);
    expect(longMonthName(i18n, '2026-03')).toBe('March 2026');
  });

  it('refuses what is not a month', () => {
    expect(() => shortMonthName(i18n, '2026-13')).toThrow(RangeError);
  });
});
