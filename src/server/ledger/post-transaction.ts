import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { type LockedAccount, lockAccounts } from './account-locks.ts';
import { LedgerError } from './ledger-error.ts';
import { newLedgerId } from './ledger-ids.ts';
import { applyPlan, type PostingPlan, planPostings } from './posting-plan.ts';
import { checkTransactionRequest, requestHash, type TransactionRequest } from './transaction-request.ts';
import { writeTransaction } from './transaction-write.ts';

export interface PostedTransaction {
  transactionId: string;
  /** true when the key had already moved this money: nothing was written */
  replayed: boolean;
}

type Trx = Transaction<Database>;

/**
 * The one way money moves: one ledger transaction. Runs inside the
 * transaction the caller opened for its business change (READ COMMITTED), so
 * both commit or neither does.
 *
 * Two statements on the usual path: lock the accounts in id order, then claim
 * the idempotency key, update the balances and write the postings in one
 * statement whose every part depends on the claim. A refusal (too little
 * money, a bad posting) writes nothing at all. A key already used answers
 * with the first movement (same request) or IdempotencyKeyReused (another).
 *
 * A database transaction posts once: one call here or to postTransactions,
 * never two, or its two lockings can deadlock with another's.
 */
export async function postTransaction(trx: Trx, request: TransactionRequest): Promise<PostedTransaction> {
  const [posted] = await postTransactions(trx, [request]);
  if (!posted) throw new LedgerError('a posted request gave no answer');
  return posted;
}

/**
 * Several ledger transactions that belong to one business change (a card
 * payment that arrives in the wallet and pays for a transfer), answered in
 * request order. Every account of every request is locked once, up front,
 * in id order; then each request is posted as postTransaction posts it,
 * under its own key, on the balances the requests before it left.
 *
 * A refusal of any request throws. Requests before it may already be
 * written in the caller's transaction, which must then roll back, as it
 * does when the error leaves db.transaction().execute().
 */
export async function postTransactions(
  trx: Trx,
  requests: readonly TransactionRequest[],
): Promise<PostedTransaction[]> {
  if (!trx.isTransaction) throw new LedgerError('ledger postings must run inside the caller’s database transaction');
  for (const request of requests) checkTransactionRequest(request);
  if (requests.length === 0) return [];
  const accounts = await lockAccounts(
    trx,
    requests.flatMap((request) => request.postings.map((p) => p.accountId)),
  );
  const posted: PostedTransaction[] = [];
  for (const request of requests) posted.push(await postLocked(trx, accounts, request));
  return posted;
}

/** One request on accounts this transaction holds locked; moves `accounts` by what it wrote. */
async function postLocked(
  trx: Trx,
  accounts: Map<string, LockedAccount>,
  request: TransactionRequest,
): Promise<PostedTransaction> {
  const hash = requestHash(request);
  let plan: PostingPlan;
  try {
    plan = planPostings(accounts, request.postings);
  } catch (refusal) {
    // A retry after the first attempt spent the money must still get the first answer.
    return replay(trx, request.idempotencyKey, hash, refusal);
  }
  const transactionId = newLedgerId('ltx');
  if (await writeTransaction(trx, transactionId, hash, request, plan)) {
    applyPlan(accounts, plan);
    return { transactionId, replayed: false };
  }
  // Not claimed: the key was taken, before us or by a racing transaction the claim waited for.
  return replay(trx, request.idempotencyKey, hash);
}

/** The first movement under this key; `otherwise` (or a defect) when the key was never used. */
async function replay(trx: Trx, idempotencyKey: string, hash: string, otherwise?: unknown): Promise<PostedTransaction> {
  const first = await trx
    .selectFrom('ledger_transactions')
    .select(['id', 'request_hash'])
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  if (!first) throw otherwise ?? new LedgerError(`idempotency key ${idempotencyKey} was neither claimed nor found`);
  if (first.request_hash !== hash) {
    throw new ApiError('IdempotencyKeyReused', 'This idempotency key was already used for a different request.');
  }
  return { transactionId: first.id, replayed: true };
}
