import { get } from 'idb-keyval';
import { array, is, number, object } from 'superstruct';
import { type Conversion, Conversion as ConversionStruct } from '../../../domain/contract/wallets/conversion.ts';
import { CONVERSION_HISTORY_MAX } from '../../../domain/wallets.ts';
import { peekPrimed, primeAnswer, takePrimed } from '../../lib/api/primed-answers.ts';
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

/** What this device last saw; undefined when nothing valid is stored, or when IndexedDB cannot be read. */
export async function storedHistory(): Promise<StoredHistory | undefined> {
  const stored: unknown = await get(KEY).catch(() => undefined);
  return is(stored, StoredHistory) ? stored : undefined;
}

/** The key /wallets reads the stored history under as its route resolves (`primeStoredHistory`), for the list's first render. */
const STORED_HISTORY_KEY = 'device conversion-history';

/**
 * Starts reading the stored history with /wallets' other answers (wallets-answers.ts): opening IndexedDB takes longer
 * than the worker's answers, and offline the list showed "not loaded on this device yet" until the read came.
 */
export function primeStoredHistory(): void {
  primeAnswer(STORED_HISTORY_KEY, () => storedHistory().then((data) => ({ data, cachedAt: null })));
}

/** What `primeStoredHistory`'s read found, if it has come: what the list's first render shows. */
export function storedHistoryRead(): { found: StoredHistory | undefined } | undefined {
  const settled = peekPrimed(STORED_HISTORY_KEY)?.settled;
  return settled && { found: settled.data as StoredHistory | undefined };
}

/** The read `primeStoredHistory` started, if recent (the list's first render), else a read started now. */
export function firstStoredHistory(): Promise<StoredHistory | undefined> {
  const primed = takePrimed(STORED_HISTORY_KEY);
  return primed ? primed.answer.then(({ data }) => data as StoredHistory | undefined) : storedHistory();
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
