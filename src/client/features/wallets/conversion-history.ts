import { get } from 'idb-keyval';
import { array, is, number, object } from 'superstruct';
import { type Conversion, Conversion as ConversionStruct } from '../../../domain/contract/wallets.ts';
import { CONVERSION_HISTORY_MAX } from '../../../domain/wallets.ts';
import { setCustomerData } from '../../lib/session/customer-data.ts';

/**
 * The conversion history kept on this device (IndexedDB), so it can be read
 * offline; the server's list is the truth and replaces it whenever it answers.
 * Sign-out clears IndexedDB, so it never outlives the customer's session.
 */
const KEY = 'conversion-history';

const StoredHistory = object({ conversions: array(ConversionStruct), savedAt: number() });

/** The conversions, and when (ms since the epoch) the server last said them: the age shown offline. */
export type StoredHistory = typeof StoredHistory.TYPE;

/** What this device last saw; undefined when nothing valid is stored. */
export async function storedHistory(): Promise<StoredHistory | undefined> {
  const stored: unknown = await get(KEY);
  return is(stored, StoredHistory) ? stored : undefined;
}

/** Keep the newest 50, newest first, one entry per conversion. */
export async function storeHistory(conversions: readonly Conversion[]): Promise<StoredHistory> {
  const unique = [...new Map(conversions.map((c) => [c.id, c])).values()]
    .sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0))
    .slice(0, CONVERSION_HISTORY_MAX);
  const kept = { conversions: unique, savedAt: Date.now() };
  await setCustomerData(KEY, kept);
  return kept;
}

/** Add a conversion just made at the top of the stored history. */
export async function rememberConversion(conversion: Conversion): Promise<void> {
  await storeHistory([conversion, ...((await storedHistory())?.conversions ?? [])]);
}
