import { del, get } from 'idb-keyval';
import { atom, useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { boolean, enums, type Infer, literal, mask, number, object, optional, string } from 'superstruct';
import { Quote } from '../../../domain/contract/quotes.ts';
import { PAYOUT_TYPES } from '../../../domain/payout-types.ts';
import { AMOUNT_TYPES } from '../../../domain/pricing.ts';
import { PURPOSES_OF_TRANSACTION } from '../../../domain/purposes.ts';
import { type AppStore, appStore } from '../../lib/session/app-store.ts';
import { setCustomerData } from '../../lib/session/customer-data.ts';
import { clearRecipientFormDrafts } from '../beneficiaries/recipient-form-draft.ts';

/** IndexedDB key of the send-money draft: quote, sender info, recipient and charges in progress. */
export const SEND_MONEY_DRAFT_KEY = 'send-money-draft';

/**
 * The transfer in progress (DESIGN §5: drafts survive reloads). Each step
 * adds its part; the shape is checked whenever it is read back, so a draft
 * written by an older version or tampered with reads as a fresh one.
 */
export const SendMoneyDraft = object({
  version: literal(1),
  /** where to and how the money is received; `city`, a Somaliland city chosen for Somalia (SPEC §3) */
  destination: optional(object({ country: string(), payoutType: enums(PAYOUT_TYPES), city: optional(string()) })),
  /** what the customer typed, and on which side (SOURCE: they send; DESTINATION: they receive) */
  amount: optional(object({ value: string(), type: enums(AMOUNT_TYPES) })),
  /**
   * The live quote. `expiresAt` is on this device's clock (time of receipt
   * plus the server's timer), so a device clock that is wrong does not
   * shorten or stretch the countdown.
   */
  quote: optional(object({ quote: Quote, expiresAt: number() })),
  /** step 2 done: the sender confirmed their details */
  senderConfirmed: optional(boolean()),
  beneficiaryId: optional(string()),
  purpose: optional(enums(PURPOSES_OF_TRANSACTION)),
  /**
   * The create-transfer call: its Idempotency-Key, made once for one request
   * (`request`: quote, recipient and purpose), so a retry after a lost answer
   * returns the same transfer; and the transfer's reference once made.
   */
  transfer: optional(object({ request: string(), idempotencyKey: string(), transRef: optional(string()) })),
});
export type SendMoneyDraft = Infer<typeof SendMoneyDraft>;

const EMPTY_DRAFT: SendMoneyDraft = { version: 1 };

/** The draft as loaded into memory; undefined until read from IndexedDB. */
const draftAtom = atom<SendMoneyDraft | undefined>(undefined);

/** Per store: the read in flight, and the chain of writes (so they land in order). */
const pendingLoads = new WeakMap<AppStore, Promise<SendMoneyDraft>>();
let writes: Promise<unknown> = Promise.resolve();

function readStored(value: unknown): SendMoneyDraft {
  try {
    return mask(value, SendMoneyDraft);
  } catch {
    return EMPTY_DRAFT;
  }
}

/** The draft, read from IndexedDB the first time. */
export function loadSendMoneyDraft(store: AppStore = appStore): Promise<SendMoneyDraft> {
  const loaded = store.get(draftAtom);
  if (loaded) return Promise.resolve(loaded);
  let pending = pendingLoads.get(store);
  if (!pending) {
    pending = get(SEND_MONEY_DRAFT_KEY)
      .then(readStored, () => EMPTY_DRAFT)
      .then((draft) => {
        store.set(draftAtom, (current) => current ?? draft);
        pendingLoads.delete(store);
        return store.get(draftAtom) ?? draft;
      });
    pendingLoads.set(store, pending);
  }
  return pending;
}

/** Change the draft: in memory at once, then in IndexedDB (writes keep their order). */
export async function updateSendMoneyDraft(
  change: (draft: SendMoneyDraft) => SendMoneyDraft,
  store: AppStore = appStore,
): Promise<SendMoneyDraft> {
  const loaded = await loadSendMoneyDraft(store);
  // changes made while this one waited for the read are kept: apply to the draft as it is now
  const next = change(store.get(draftAtom) ?? loaded);
  store.set(draftAtom, next);
  writes = writes.then(() => setCustomerData(SEND_MONEY_DRAFT_KEY, next)).catch(() => undefined);
  await writes;
  return next;
}

/** Drop the transfer in progress (SPEC §2: closing the send-money steps clears its data and charges). */
export async function clearSendMoneyDraft(store: AppStore = appStore): Promise<void> {
  store.set(draftAtom, EMPTY_DRAFT);
  writes = writes
    .then(() => Promise.all([del(SEND_MONEY_DRAFT_KEY), clearRecipientFormDrafts()]))
    .catch(() => undefined);
  await writes;
}

/** The draft for a component; undefined while it is first read. */
export function useSendMoneyDraft(): SendMoneyDraft | undefined {
  const store = useStore();
  const draft = useAtomValue(draftAtom, { store });
  useEffect(() => {
    if (!draft) void loadSendMoneyDraft(store);
  }, [draft, store]);
  return draft;
}

/**
 * The draft with a new quote. Another destination also drops the recipient
 * and purpose chosen for the old one: they cannot receive this transfer.
 */
export function withQuote(
  draft: SendMoneyDraft,
  next: Required<Pick<SendMoneyDraft, 'destination' | 'amount'>> & Pick<SendMoneyDraft, 'quote'>,
): SendMoneyDraft {
  const sameDestination =
    draft.destination?.country === next.destination.country &&
    draft.destination.payoutType === next.destination.payoutType;
  if (sameDestination) return { ...draft, ...next };
  const kept: SendMoneyDraft = { ...draft, ...next };
  delete kept.beneficiaryId;
  delete kept.purpose;
  return kept;
}
