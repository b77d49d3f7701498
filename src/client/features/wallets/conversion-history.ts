import { get, set } from 'idb-keyval';
import { array, is } from 'superstruct';
import { type Conversion, Conversion as ConversionStruct } from '../../../domain/contract/wallets.ts';
import { CONVERSION_HISTORY_MAX } from '../../../domain/wallets.ts';

/**
 * The conversion history kept on this device (IndexedDB), so it can be read
 * offline; the server's list is the truth and replaces it whenever it answers.
 * Sign-out clears IndexedDB, so it never outlives the customer's session.
 */
const KEY = 'conversion-history';

const History = array(ConversionStruct);

/** What this device last saw; empty when nothing valid is stored. */
export async function storedHistory(): Promise<Conversion[]> {
  const stored: unknown = await get(KEY);
  return is(stored, History) ? stored : [];
}

/** Keep the newest 50, newest first, one entry per conversion. */
export async function storeHistory(conversions: readonly Conversion[]): Promise<Conversion[]> {
  const unique = [...new Map(conversions.map((c) => [c.id, c])).values()]
    .sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0))
    .slice(0, CONVERSION_HISTORY_MAX);
  await set(KEY, unique);
  return unique;
}

/** Add a conversion just made at the top of the stored history. */
export async function rememberConversion(conversion: Conversion): Promise<void> {
  await storeHistory([conversion, ...(await storedHistory())]);
}
