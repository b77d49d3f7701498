import { afterEach, describe, expect, it, vi } from 'vitest';
import { regionNames } from './region-names.ts';

describe('regionNames', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names a country in the interface language', () => {
    expect(regionNames('sv').of('BE')).toBe('Belgien');
  });

  it('falls back to the English name, never the code, when the browser has no names in that language', () => {
    const RealDisplayNames = Intl.DisplayNames;
    // a browser that knows Somali but has no Somali country names (Chromium): its own names come back empty
    class WithoutSomaliNames extends RealDisplayNames {
      readonly #somali: boolean;
      constructor(locales: string[], options: Intl.DisplayNamesOptions) {
        super(locales, options);
        this.#somali = locales[0] === 'so';
      }
      override of(code: string): string | undefined {
        return this.#somali ? undefined : super.of(code);
      }
    }
    vi.stubGlobal('Intl', { ...Intl, DisplayNames: WithoutSomaliNames });
    expect(regionNames('so').of('BE')).toBe('Belgium');
    expect(regionNames('so').of('XZ')).toBe('XZ');
  });
});
