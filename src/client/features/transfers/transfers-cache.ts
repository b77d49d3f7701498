import { get, set } from 'idb-keyval';
import { array, is, number, object } from 'superstruct';
import { TransferSummary } from '../../../domain/contract/transfers.ts';

/** The last transfers list seen, for offline use (DESIGN §5), with when it was fetched. */
const CachedTransfers = object({ savedAt: number(), transfers: array(TransferSummary) });
export type CachedTransfers = typeof CachedTransfers.TYPE;

const KEY_PREFIX = 'transfers-list:';

/**
 * The cache key of one session's list: a hash of its token, so one device's
 * users never read each other's list (sign-out also wipes IndexedDB).
 */
async function cacheKey(sessionToken: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(sessionToken));
  const hex = Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${KEY_PREFIX}${hex}`;
}

export async function saveTransfers(sessionToken: string, cached: CachedTransfers): Promise<void> {
  await set(await cacheKey(sessionToken), cached);
}

/** The list last saved for this session, checked as it is read back; undefined when there is none. */
export async function loadTransfers(sessionToken: string): Promise<CachedTransfers | undefined> {
  const stored: unknown = await get(await cacheKey(sessionToken));
  return is(stored, CachedTransfers) ? stored : undefined;
}
