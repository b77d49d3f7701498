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
 * its business change (READ COMMITTED), so both commit or neither does; any
 * error thrown here must roll that transaction back.
 *
 * Three statements: claim the idempotency key, lock the accounts in id order,
 * then update the balances and write the postings together.
 */
export async function postTransaction(trx: Trx, request: TransactionRequest): Promise<PostedTransaction> {
  if (!trx.isTransaction) throw new LedgerError('postTransaction must run inside the caller’s database transaction');
  checkTransactionRequest(request);
  const hash = requestHash(request);
  const transactionId = newLedgerId('ltx');

  // A concurrent holder of the same key makes this insert wait for its outcome:
  // committed, the key is taken (nothing inserted); rolled back, the key is ours.
  const claimed = await trx
    .insertInto('ledger_transactions')
    .values({
      id: transactionId,
      idempotency_key: request.idempotencyKey,
      request_hash: hash,
      kind: request.kind,
      reference: request.reference,
      metadata: request.metadata === undefined ? null : JSON.stringify(request.metadata),
      created_at: request.at,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return replay(trx, request.idempotencyKey, hash);

  const accounts = await lockAccounts(trx, [...new Set(request.postings.map((p) => p.accountId))]);
  const plan = planPostings(accounts, request.postings);
  await writePlan(trx, transactionId, plan, request.at);
  return { transactionId, replayed: false };
}

async function replay(trx: Trx, idempotencyKey: string, hash: string): Promise<PostedTransaction> {
  const first = await trx
    .selectFrom('ledger_transactions')
    .select(['id', 'request_hash'])
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirstOrThrow();
  if (first.request_hash !== hash) {
    throw new ApiError('IdempotencyKeyReused', 'This idempotency key was already used for a different request.');
  }
  return { transactionId: first.id, replayed: true };
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

async function writePlan(trx: Trx, transactionId: string, plan: PostingPlan, at: Date | undefined): Promise<void> {
  const createdAt = at === undefined ? sql`now()` : sql`${at}::timestamptz`;
  const deltas = sql.join([...plan.deltas].map(([id, delta]) => sql`(${id}::text, ${delta}::int8)`));
  const postings = sql.join(
    plan.postings.map(
      (p) =>
        sql`(${transactionId}, ${p.accountId}, ${p.currency}, ${p.amount}::int8, ${p.balanceAfter}::int8, ${createdAt})`,
    ),
  );
  await sql`
    with moved as (
      update ledger_accounts as a
      set balance = a.balance + d.delta, version = a.version + 1
      from (values ${deltas}) as d (id, delta)
      where a.id = d.id
    )
    insert into ledger_postings (transaction_id, account_id, currency, amount, balance_after, created_at)
    values ${postings}`.execute(trx);
}
