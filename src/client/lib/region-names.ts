/**
 * Country names in the interface language, from Intl. A browser may know a
 * language but not its country names (Chromium set to Somali answers in
 * English): for such a language names from Unicode CLDR, loaded on demand by
 * `loadRegionNames`, come first; failing all, the English name, never a bare
 * ISO code.
 */
import { displayNames } from '../../domain/intl-formats.ts';

type Names = Readonly<Record<string, string>>;

/** CLDR country names for the interface languages some browsers' Intl lacks; each its own chunk. */
const cldrLoaders: Readonly<Record<string, () => Promise<{ default: Names }>>> = {
  so: () => import('./somali-region-names.json'),
};
const cldrNames = new Map<string, Names>();

/** The browser's own names (`intl-formats.ts` keeps one per language: the first of a page loads its name data). */
const REGIONS: Intl.DisplayNamesOptions = { type: 'region', fallback: 'none' };

/**
 * Fetch the CLDR names of `locale` where some browsers lack them; a no-op for
 * other languages. Once here they come first: Chromium's Intl, asked for
 * Somali names, answers with English ones ("United Kingdom"), so no probe can
 * tell that it lacks them.
 */
export async function loadRegionNames(locale: string): Promise<void> {
  const load = cldrLoaders[locale];
  if (!load || cldrNames.has(locale)) return;
  cldrNames.set(locale, (await load()).default);
}

export function regionNames(locale: string): { of(code: string): string } {
  const own = displayNames(locale, REGIONS);
  const cldr = cldrNames.get(locale);
  return { of: (code) => cldr?.[code] ?? own.of(code) ?? displayNames('en', REGIONS).of(code) ?? code };
}
