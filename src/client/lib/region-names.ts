/**
 * Country names in the interface language, from Intl. A browser may know a
 * language but not its country names (Chromium set to Somali answers "BE"
 * for Belgium): then the English name stands in, never a bare ISO code.
 */
export function regionNames(locale: string): { of(code: string): string } {
  const own = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return { of: (code) => own.of(code) ?? english.of(code) ?? code };
}
