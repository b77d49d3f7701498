import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A browser with no Somali date data: asked for Somali, it formats in US English (Chromium). */
const RealDateTimeFormat = Intl.DateTimeFormat;
class WithoutSomaliDates extends RealDateTimeFormat {
  constructor(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
    super([locales].flat()[0] === 'so' ? 'en-US' : locales, options);
  }
}

/** Intl with that DateTimeFormat, the rest as it is. */
const withoutSomaliDates = () => Object.assign(Object.create(Intl), { DateTimeFormat: WithoutSomaliDates });

/** A fresh module each time: the CLDR names it loaded stay for the page's life. */
const freshModule = async () => ({ ...(await import('./date-format.ts')), ...(await import('./date-names.ts')) });
const AFTERNOON = Date.UTC(2026, 10, 25, 16, 5);
const MAY_MORNING = Date.UTC(2026, 4, 5, 9, 30);

describe('dateFormat', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it("is the browser's own where it knows the language, even with the CLDR names at hand", async () => {
    const { dateFormat, loadDateNames } = await freshModule();
    await loadDateNames('so');
    const options = { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' } as const;
    // Node's Intl has Somali dates
    expect(dateFormat('so', options).format(AFTERNOON)).toBe(new Intl.DateTimeFormat('so', options).format(AFTERNOON));
    expect(dateFormat('sv', { dateStyle: 'long', timeZone: 'UTC' }).format(AFTERNOON)).toBe('25 november 2026');
  });

  it('puts the Somali month, weekday and day period in place of the English ones where the browser lacks them', async () => {
    vi.stubGlobal('Intl', withoutSomaliDates());
    const { dateFormat, loadDateNames } = await freshModule();
    await loadDateNames('so');
    const utc = { timeZone: 'UTC' } as const;
    expect(dateFormat('so', { ...utc, dateStyle: 'long', timeStyle: 'short' }).format(AFTERNOON)).toBe(
      'Noofeembar 25, 2026 4:05\u202fGD',
    );
    expect(dateFormat('so', { ...utc, dateStyle: 'medium' }).format(AFTERNOON)).toBe('Nof 25, 2026');
    expect(dateFormat('so', { ...utc, timeStyle: 'short' }).format(MAY_MORNING)).toBe('9:30\u202fGH');
    // "May" is both the long and the short English name: the width asked for decides
    expect(dateFormat('so', { ...utc, month: 'short', day: 'numeric' }).format(MAY_MORNING)).toBe('May 5');
    expect(dateFormat('so', { ...utc, month: 'long', day: 'numeric' }).format(MAY_MORNING)).toBe('Maayo 5');
    expect(dateFormat('so', { ...utc, weekday: 'short', day: 'numeric', month: 'short' }).format(AFTERNOON)).toBe(
      'Arbc, Nof 25',
    );
  });

  it('formats in the fallback English until the names are loaded', async () => {
    vi.stubGlobal('Intl', withoutSomaliDates());
    const { dateFormat } = await freshModule();
    expect(dateFormat('so', { dateStyle: 'medium', timeZone: 'UTC' }).format(AFTERNOON)).toBe('Nov 25, 2026');
  });

  it('makes each format once, and a new one once the names have loaded', async () => {
    vi.stubGlobal('Intl', withoutSomaliDates());
    const { dateFormat, loadDateNames } = await freshModule();
    const medium = { dateStyle: 'medium', timeZone: 'UTC' } as const;
    const before = dateFormat('so', medium);
    expect(dateFormat('so', { ...medium })).toBe(before);
    expect(dateFormat('so', { ...medium, timeStyle: 'short' })).not.toBe(before);
    await loadDateNames('so');
    expect(before.format(AFTERNOON)).toBe('Nov 25, 2026');
    expect(dateFormat('so', medium).format(AFTERNOON)).toBe('Nof 25, 2026');
  });
});
