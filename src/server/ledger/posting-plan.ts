import { ApiError } from '../http/api-error.ts';
import { mustStayNonNegative } from './account-kinds.ts';
import type { LockedAccount } from './account-locks.ts';
import { LedgerError } from './ledger-error.ts';
import type { PostingRequest } from './transaction-request.ts';

export interface PlannedPosting extends PostingRequest {
  /** null on an account posted without its lock */
  balanceAfter: bigint | null;
}

export interface PostingPlan {
  /** net change per locked account: its balance moves with the posting */
  deltas: Map<string, bigint>;
  /** net change per account posted without its lock, non-zero: waits to be folded into its balance */
  pending: Map<string, bigint>;
  postings: PlannedPosting[];
}

/**
 * Applies the postings, in order, to the locked balances. Refuses a posting in
 * another currency than its account's, and any step that would take a
 * customer wallet below zero.
 */
export function planPostings(
  accounts: ReadonlyMap<string, LockedAccount>,
  requested: readonly PostingRequest[],
): PostingPlan {
  const running = new Map<string, bigint>();
  const deltas = new Map<string, bigint>();
  const pending = new Map<string, bigint>();
  const postings = requested.map((posting): PlannedPosting => {
    const account = accounts.get(posting.accountId);
    if (!account) throw new LedgerError(`unknown ledger account ${posting.accountId}`);
    if (account.currency !== posting.currency) {
      throw new LedgerError(`posting in ${posting.currency} on ${account.id}, a ${account.currency} account`);
    }
    if (account.balance === null) {
      pending.set(account.id, (pending.get(account.id) ?? 0n) + posting.amount);
      return { ...posting, balanceAfter: null };
    }
    const balanceAfter = (running.get(account.id) ?? account.balance) + posting.amount;
    if (balanceAfter < 0n && mustStayNonNegative(account.kind)) {
      throw new ApiError('InsufficientFunds', `The ${account.currency} wallet balance is too low for this payment.`);
    }
    running.set(account.id, balanceAfter);
    deltas.set(account.id, (deltas.get(account.id) ?? 0n) + posting.amount);
    return { ...posting, balanceAfter };
  });
  for (const [id, delta] of pending) if (delta === 0n) pending.delete(id);
  return { deltas, pending, postings };
}

/**
 * Moves the locked balances by a plan that was written, so the next request
 * posted under the same locks is planned on what the accounts now hold.
 */
export function applyPlan(accounts: Map<string, LockedAccount>, plan: PostingPlan): void {
  for (const [id, delta] of plan.deltas) {
    const account = accounts.get(id);
    if (account?.balance != null) accounts.set(id, { ...account, balance: account.balance + delta });
  }
}
