import { del } from 'idb-keyval';

/** IndexedDB key of the send-money draft: quote, sender info, recipient and charges in progress. */
export const SEND_MONEY_DRAFT_KEY = 'send-money-draft';

/** Drop the transfer in progress (SPEC §2: closing the send-money steps clears its data and charges). */
export function clearSendMoneyDraft(): Promise<void> {
  return del(SEND_MONEY_DRAFT_KEY);
}
