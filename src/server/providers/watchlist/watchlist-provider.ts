import type { Db } from '../../db/connection.ts';

/** Who is screened: the names and date of birth, and our reference for them at the providers. */
export interface ScreenedPerson {
  /** our reference for the customer at the providers (`kyc_user_reference`) */
  customerReference: string;
  firstName: string;
  lastName: string;
  /** `YYYY-MM-DD` */
  dateOfBirth: string;
}

/** A screening's answer: at once (a hit or not), or later, by the provider's webhook (`verdict`). */
export type Screening = { hit: boolean; reference: string } | { pending: true; reference: string };

/**
 * The sanctions and watchlist screening service (DESIGN §4): is this person,
 * by full name and date of birth, on a list Sarraf may not serve?
 */
export interface WatchlistProvider {
  /**
   * Throws when the provider cannot be reached, so an outage is never a
   * clear result. `trx` is the caller's transaction (the automatic checks
   * hold the customer's lock), where a provider that keeps records of its
   * own (Onfido's applicant and check) writes them.
   */
  screen(person: ScreenedPerson, trx: Db): Promise<Screening>;
  /** A pending screening's verdict; undefined while it is still pending. */
  verdict(reference: string): Promise<{ hit: boolean } | undefined>;
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
