import { createHash } from 'node:crypto';
import { normaliseName, type WatchlistProvider } from './watchlist-provider.ts';

/**
 * The sandbox's bundled list: made-up people, so a test or a demo can meet a
 * hit (README "Sandbox documented values"). Matched on the normalised full
 * name and the date of birth together.
 */
export const SANDBOX_WATCHLIST: readonly { fullName: string; dateOfBirth: string }[] = [
  { fullName: 'Ivan Sandboxov', dateOfBirth: '1970-01-01' },
  { fullName: 'Mallory Listed', dateOfBirth: '1980-02-29' },
  { fullName: 'Zoë Ñandú-Embargo', dateOfBirth: '1965-07-14' },
  { fullName: 'Boris Frozenassets', dateOfBirth: '1959-11-30' },
];

const LISTED = new Set(SANDBOX_WATCHLIST.map((p) => `${normaliseName(p.fullName)}|${p.dateOfBirth}`));

export function sandboxWatchlist(): WatchlistProvider {
  return {
    async screen({ firstName, lastName, dateOfBirth }) {
      const key = `${normaliseName(`${firstName} ${lastName}`)}|${dateOfBirth}`;
      return { hit: LISTED.has(key), reference: `wl_${createHash('sha256').update(key).digest('hex').slice(0, 16)}` };
    },
    async verdict(reference) {
      throw new Error(`the sandbox watchlist answers at once; it has no pending screening ${reference}`);
    },
  };
}
