/**
 * The sanctions and watchlist screening service (DESIGN §4): is this person,
 * by full name and date of birth, on a list Sarraf may not serve?
 */
export interface WatchlistProvider {
  /** Throws when the provider cannot be reached, so an outage is never a clear result. */
  screen(person: { fullName: string; dateOfBirth: string }): Promise<{ hit: boolean; reference: string }>;
}

/**
 * A name as screening compares it: letters only, accents and letter case
 * dropped, words in alphabetical order (so "Sandboxov, Ivan" is "Ivan Sandboxov").
 */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    .sort()
    .join(' ');
}
