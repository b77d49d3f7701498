import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A browser that knows Somali but has no Somali country names: Somalia's apart, it answers in English (Chromium). */
const RealDisplayNames = Intl.DisplayNames;
class WithoutSomaliNames extends RealDisplayNames {
  readonly #somali: boolean;
  constructor(locales: string[], options: Intl.DisplayNamesOptions) {
    super(locales, options);
    this.#somali = locales[0] === 'so';
  }
  override of(code: string): string | undefined {
    if (!this.#somali) return super.of(code);
    return code === 'SO' ? 'Soomaaliya' : new RealDisplayNames(['en'], { type: 'region' }).of(code);
  }
}

/** A fresh module each time: the CLDR names it loaded stay cached for the page's life. */
const freshModule = () => import('./region-names.ts');

describe('regionNames', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('names a country in the interface language', async () => {
    const { regionNames } = await freshModule();
    expect(regionNames('sv').of('BE')).toBe('Belgien');
  });

  it('falls back to the English name, never the code', async () => {
    const { regionNames } = await freshModule();
    expect(regionNames('sv').of('XZ')).toBe('XZ');
  });

  it('names countries in Somali from CLDR when the browser has no Somali names', async () => {
    vi.stubGlobal('Intl', { ...Intl, DisplayNames: WithoutSomaliNames });
    const { loadRegionNames, regionNames } = await freshModule();
    await loadRegionNames('so');
    expect(regionNames('so').of('BE')).toBe('Biljam');
    expect(regionNames('so').of('SE')).toBe('Iswidhan');
    expect(regionNames('so').of('XZ')).toBe('XZ');
    // other languages are untouched
    expect(regionNames('sv').of('BE')).toBe('Belgien');
  });

  it('agrees with the Somali names of an Intl that has them, for every country', async () => {
    const { default: cldr } = await import('./somali-region-names.json');
    const intl = new Intl.DisplayNames(['so'], { type: 'region', fallback: 'none' });
    const differing = Object.entries(cldr).filter(
      ([code, name]) => intl.of(code) !== undefined && intl.of(code) !== name,
    );
    // Node's ICU may lag the CLDR package by a release; nearly every name must match
    expect(differing.length).toBeLessThan(Object.keys(cldr).length / 20);
  });

  it('gives a country inside an English sentence its "the" where its name takes one, and no other language one', async () => {
    const { countryInText } = await import('./country-in-text.ts');
    expect(`a card issued in ${countryInText('en-US', 'US')}`).toBe('a card issued in the United States');
    expect(countryInText('en-GB', 'PH')).toBe('the Philippines');
    expect(countryInText('en-GB', 'GB')).toBe('the United Kingdom');
    expect(countryInText('en-CA', 'KE')).toBe('Kenya');
    expect(countryInText('sv', 'US')).toBe('USA');
    expect(countryInText('sv', 'PH')).toBe('Filippinerna');
    expect(countryInText('so', 'SO')).toBe('Soomaaliya');
  });
});
