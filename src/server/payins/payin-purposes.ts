import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PayinPurposeName, PayinRow } from '../db/tables/payins.ts';
import type { AppDeps } from '../http/app-env.ts';

type Trx = Transaction<Database>;

/** Books an approved pay-in, in the transaction whose lock `PayinPurpose.lock` took. */
export type BookPayin = (approved: PayinRow) => Promise<void>;

/**
 * What a pay-in is for, told by the module it serves (transfers: fund the
 * transfer; wallets: credit the wallet). The lifecycle (payin-lifecycle.ts)
 * owns everything else: attempts, the gateway and the bank link, the state
 * machine, reconciliation, voids and late settlements.
 */
export interface PayinPurpose {
  name: PayinPurposeName;
  /**
   * First in the transaction that records the provider's answer: lock what
   * the money is for (so that answer and the purpose's own moves are
   * serialised). Answers how to book an approval of the pay-in (fund the
   * transfer, credit the wallet) in that transaction, under the lock just
   * taken, or undefined when it can no longer take the money.
   */
  lock(trx: Trx, deps: AppDeps, payin: PayinRow): Promise<BookPayin | undefined>;
  /** A bank link's money that settled for something that could no longer take it: keep it for the customer. */
  keepUnbookable(trx: Trx, deps: AppDeps, payin: PayinRow): Promise<void>;
  /**
   * A reconciliation found the pay-in still open: false when it is to be
   * checked no more (the purpose gave it up, or abandoned it now).
   */
  keepChecking(deps: AppDeps, payin: PayinRow): Promise<boolean>;
  /** An abandoned bank-link pay-in whose money the bank settled after all: credit it to the customer, once. */
  settleLate(deps: AppDeps, payin: PayinRow): Promise<void>;
}

export type PayinPurposes = Record<PayinPurposeName, PayinPurpose>;

/** How each purpose's pay-ins are named to the providers and where their customer comes back. */
interface PurposeNaming {
  /** the start of its ids */
  idPrefix: string;
  /** the start of the idempotency key the gateway and bank-link provider get (`<prefix>:<id>`) */
  providerKeyPrefix: string;
  /** the app's name of the screen the return goes to, and the query field that names the pay-in's reference */
  routeName: string;
  referenceParam: string;
}

export const PURPOSE_NAMING: Record<PayinPurposeName, PurposeNaming> = {
  transfer: {
    idPrefix: 'pmt',
    providerKeyPrefix: 'payment',
    routeName: 'send-money-pay',
    referenceParam: 'transactionReference',
  },
  top_up: { idPrefix: 'tup', providerKeyPrefix: 'top-up', routeName: 'wallet-top-up', referenceParam: 'top_up_id' },
};

/** Where a 3-D Secure challenge returns to; the gateway adds status, provider and payment_id. */
const CARD_RETURN_PATH = '/checkout-card-enrollment/return';
/** SPEC §2: the bank-link provider returns the browser here; it adds payment_id. */
const BANK_LINK_RETURN_PATH = '/trustly-callback';

function returnQuery(purpose: PayinPurposeName, reference: string): string {
  const naming = PURPOSE_NAMING[purpose];
  return new URLSearchParams({ routeName: naming.routeName, [naming.referenceParam]: reference }).toString();
}

/** The app address the card's bank returns the customer to after 3-D Secure. */
export function cardReturnUrl(payin: Pick<PayinRow, 'purpose' | 'reference'>): string {
  return `${CARD_RETURN_PATH}?${returnQuery(payin.purpose, payin.reference)}`;
}

/** The app address the bank-link provider returns the customer to. */
export function bankLinkReturnUrl(payin: Pick<PayinRow, 'purpose' | 'reference'>): string {
  return `${BANK_LINK_RETURN_PATH}?${returnQuery(payin.purpose, payin.reference)}`;
}

/** The idempotency key the providers know the pay-in by, for every call about it. */
export function providerKey(payin: Pick<PayinRow, 'purpose' | 'id'>): string {
  return `${PURPOSE_NAMING[payin.purpose].providerKeyPrefix}:${payin.id}`;
}
