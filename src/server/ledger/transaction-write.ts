import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PostingPlan } from './posting-plan.ts';
import type { TransactionRequest } from './transaction-request.ts';

/**
 * Claims the key and moves the money in one statement: true when it did. A
 * racing holder of the same key makes the claim wait for its outcome; when
 * the key is taken the claim returns no row, so no balance changes, nothing
 * is queued and no posting is written. The locked accounts' balances move
 * here; the others' changes are queued in `ledger_pending_balances`, which
 * takes no row lock on them.
 */
export async function writeTransaction(
  trx: Transaction<Database>,
  transactionId: string,
  hash: string,
  request: TransactionRequest,
  plan: PostingPlan,
): Promise<boolean> {
  const createdAt = request.at === undefined ? sql`now()` : sql`${request.at}::timestamptz`;
  const metadata = request.metadata === undefined ? null : JSON.stringify(request.metadata);
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
    )${moved(plan.deltas)}${queued(plan.pending)}
    insert into ledger_postings (transaction_id, account_id, currency, amount, balance_after, created_at)
    select claim.id, p.account_id, p.currency, p.amount, p.balance_after, ${createdAt}
    from claim cross join (values ${postings}) as p (n, account_id, currency, amount, balance_after)
    order by p.n`.execute(trx);
  return (result.numAffectedRows ?? 0n) > 0n;
}

/** `(id, delta), …` of these changes. */
function changes(deltas: ReadonlyMap<string, bigint>) {
  return sql.join([...deltas].map(([id, delta]) => sql`(${id}::text, ${delta}::int8)`));
}

/** The locked accounts' balances moved, once the claim holds. */
function moved(deltas: ReadonlyMap<string, bigint>) {
  if (deltas.size === 0) return sql``;
  return sql`, moved as (
      update ledger_accounts as a
      set balance = a.balance + d.delta, version = a.version + 1
      from (values ${changes(deltas)}) as d (id, delta), claim
      where a.id = d.id
    )`;
}

/** The other accounts' changes queued for the fold, once the claim holds. */
function queued(pending: ReadonlyMap<string, bigint>) {
  if (pending.size === 0) return sql``;
  return sql`, queued as (
      insert into ledger_pending_balances (account_id, amount)
      select d.id, d.delta from (values ${changes(pending)}) as d (id, delta), claim
    )`;
}
