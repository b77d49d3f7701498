import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { LedgerError } from './ledger-error.ts';
import { newLedgerId } from './ledger-ids.ts';
import { type LockedAccount, type PostingPlan, planPostings } from './posting-plan.ts';
import { checkTransactionRequest, requestHash, type TransactionRequest } from './transaction-request.ts';

export interface PostedTransaction {
  transactionId: string;
  /** true when the key had already moved this money: nothing was written */
  replayed: boolean;
}

type Trx = Transaction<Database>;

/**
 * The one way money moves. Runs inside the transaction the caller opened for
 * its business change (READ COMMITTED), so both commit or neither does.
 *
 * Two statements on the usual path: lock the accounts in id order, then claim
 * the idempotency key, update the balances and write the postings in one
 * statement whose every part depends on the claim. A refusal (too little
 * money, a bad posting) writes nothing at all. A key already used answers
 * with the first movement (same request) or IdempotencyKeyReused (another).
 */
export async function postTransaction(trx: Trx, request: TransactionRequest): Promise<PostedTransaction> {
  if (!trx.isTransaction) throw new LedgerError('postTransaction must run inside the caller’s database transaction');
  checkTransactionRequest(request);
  const hash = requestHash(request);

  const accounts = await lockAccounts(trx, [...new Set(request.postings.map((p) => p.accountId))]);
  let plan: PostingPlan;
  try {
    plan = planPostings(accounts, request.postings);
  } catch (refusal) {
    // A retry after the first attempt spent the money must still get the first answer.
    return replay(trx, request.idempotencyKey, hash, refusal);
  }
  const transactionId = newLedgerId('ltx');
  const claimed = await write(trx, transactionId, hash, request, plan);
  // Not claimed: the key was taken, before us or by a racing transaction this statement waited for.
  return claimed ? { transactionId, replayed: false } : replay(trx, request.idempotencyKey, hash);
}

/** Row locks taken in id order, so two movements over the same accounts never deadlock. */
async function lockAccounts(trx: Trx, ids: string[]): Promise<Map<string, LockedAccount>> {
  const rows = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'currency', 'balance'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
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

/**
 * Claims the key and moves the money in one statement. A racing holder of
 * the same key makes the claim wait for its outcome; when the key is taken
 * the claim returns no row, so no balance changes and no posting is written.
 */
async function write(
  trx: Trx,
  transactionId: string,
  hash: string,
  request: TransactionRequest,
  plan: PostingPlan,
): Promise<boolean> {
  const createdAt = request.at === undefined ? sql`now()` : sql`${request.at}::timestamptz`;
  const metadata = request.metadata === undefined ? null : JSON.stringify(request.metadata);
  const deltas = sql.join([...plan.deltas].map(([id, delta]) => sql`(${id}::text, ${delta}::int8)`));
  const postings = sql.join(
    plan.postings.map(
      (p, n) =>
        sql`(${n}::int4, ${p.accountId}::text, ${p.currency}::text, ${p.amount}::int8, ${p.balanceAfter}::int8)`,
    ),
  );
  const result = await sql`
    with claim as (
      insert into ledger_transactions (id, idempotency_key, request_hash, kind, reference, metadata, created_at)
      values (${transactionId}, ${request.idempotencyKey}, ${hash}, ${request.kind}, ${request.reference},
              ${metadata}::text::jsonb, ${createdAt})
      on conflict (idempotency_key) do nothing
      returning id
    ), moved as (
      update ledger_accounts as a
      set balance = a.balance + d.delta, version = a.version + 1
      from (values ${deltas}) as d (id, delta), claim
      where a.id = d.id
    )
    insert into ledger_postings (transaction_id, account_id, currency, amount, balance_after, created_at)
    select claim.id, p.account_id, p.currency, p.amount, p.balance_after, ${createdAt}
    from claim cross join (values ${postings}) as p (n, account_id, currency, amount, balance_after)
    order by p.n`.execute(trx);
  return (result.numAffectedRows ?? 0n) > 0n;
}
