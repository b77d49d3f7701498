/**
 * Country names in the interface language, from Intl. A browser may know a
 * language but not its country names (Chromium set to Somali answers in
 * English): for such a language names from Unicode CLDR, loaded on demand by
 * `loadRegionNames`, come first; failing all, the English name, never a bare
 * ISO code.
 */
type Names = Readonly<Record<string, string>>;

/** CLDR country names for the interface languages some browsers' Intl lacks; each its own chunk. */
const cldrLoaders: Readonly<Record<string, () => Promise<{ default: Names }>>> = {
  so: () => import('./somali-region-names.json'),
};
const cldrNames = new Map<string, Names>();

const intl = new Map<string, Intl.DisplayNames>();

/** One `Intl.DisplayNames` per language for the page's life: the first of a page loads the browser's name data. */
function intlNames(locale: string): Intl.DisplayNames {
  let names = intl.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    intl.set(locale, names);
  }
  return names;
}

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
  const own = intlNames(locale);
  const cldr = cldrNames.get(locale);
  return { of: (code) => cldr?.[code] ?? own.of(code) ?? intlNames('en').of(code) ?? code };
}
