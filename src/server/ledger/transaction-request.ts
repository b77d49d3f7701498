import { createHash } from 'node:crypto';
import { assertCurrency } from './accounts.ts';
import { LedgerError } from './ledger-error.ts';

export interface PostingRequest {
  accountId: string;
  /** signed minor units: positive credits the account, negative debits it */
  amount: bigint;
  currency: string;
}

export interface TransactionRequest {
  /**
   * Unique across the whole ledger: callers scope what a customer sent
   * (e.g. `top-up:<customer id>:<key>`) so two customers' keys never meet.
   */
  idempotencyKey: string;
  kind: string;
  reference: string;
  metadata?: Record<string, unknown>;
  /** business time of the movement (the caller's clock); the database's now() when absent */
  at?: Date;
  postings: readonly PostingRequest[];
}

const MAX_KEY_LENGTH = 255;

/** Refuses a request that could never be a valid double-entry transaction. */
export function checkTransactionRequest(request: TransactionRequest): void {
  const { idempotencyKey, postings } = request;
  if (idempotencyKey.length === 0 || idempotencyKey.length > MAX_KEY_LENGTH) {
    throw new LedgerError(`idempotency key must be 1 to ${MAX_KEY_LENGTH} characters`);
  }
  if (postings.length < 2) throw new LedgerError('a ledger transaction needs at least two postings');
  const sums = new Map<string, bigint>();
  for (const posting of postings) {
    if (typeof posting.amount !== 'bigint') throw new LedgerError('posting amounts are bigint minor units');
    if (posting.amount === 0n) throw new LedgerError(`zero posting on ${posting.accountId}`);
    assertCurrency(posting.currency);
    sums.set(posting.currency, (sums.get(posting.currency) ?? 0n) + posting.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new LedgerError(`postings in ${currency} sum to ${sum}, not zero`);
  }
}

const compareTuples = (a: readonly string[], b: readonly string[]): number => {
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
};

/**
 * sha256 of the request's canonical JSON (kind, reference, postings in a fixed
 * order): the same movement asked twice hashes alike whatever the posting order.
 */
export function requestHash(request: TransactionRequest): string {
  const postings = request.postings
    .map((p) => [p.accountId, p.currency, p.amount.toString()] as const)
    .sort(compareTuples);
  const canonical = JSON.stringify({ kind: request.kind, reference: request.reference, postings });
  return createHash('sha256').update(canonical).digest('hex');
}
