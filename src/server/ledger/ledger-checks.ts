import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { LedgerProblem } from './ledger-problem.ts';

/** How many unbalanced transactions a currency's alert names. */
const NAMED_TRANSACTIONS = 20;

/**
 * Currencies whose postings do not sum to zero, each with the transactions
 * that do not balance in it. Every posted transaction balances per currency,
 * so any sum here is a posting changed or removed outside postTransaction.
 */
export async function unbalancedCurrencies(db: Db): Promise<LedgerProblem[]> {
  const { rows } = await sql<{ currency: string; total: bigint; transactions: string[] }>`
    select p.currency, sum(p.amount)::int8 as total,
      (select coalesce(jsonb_agg(u.transaction_id order by u.transaction_id), '[]'::jsonb)
       from (select q.transaction_id from ledger_postings q where q.currency = p.currency
             group by q.transaction_id having sum(q.amount) <> 0
             order by q.transaction_id limit ${NAMED_TRANSACTIONS}) u) as transactions
    from ledger_postings p
    group by p.currency
    having sum(p.amount) <> 0
    order by p.currency`.execute(db);
  return rows.map((row) => ({
    kind: 'currency_unbalanced',
    subject: row.currency,
    details: { currency: row.currency, sum: row.total.toString(), unbalanced_transactions: row.transactions },
  }));
}

/**
 * Accounts whose balance (with its pending changes) is not the sum of their postings: a balance written without a
 * posting, or a posting lost.
 */
export async function accountsOffTheirPostings(db: Db): Promise<LedgerProblem[]> {
  const { rows } = await sql<{
    id: string;
    owner: string;
    kind: string;
    currency: string;
    balance: bigint;
    postings_total: bigint;
  }>`
    select a.id, a.owner, a.kind, a.currency, (a.balance + coalesce(q.total, 0))::int8 as balance,
      coalesce(s.total, 0)::int8 as postings_total
    from ledger_accounts a
    left join (select account_id, sum(amount)::int8 as total from ledger_postings group by account_id) s
      on s.account_id = a.id
    left join (select account_id, sum(amount)::int8 as total from ledger_pending_balances group by account_id) q
      on q.account_id = a.id
    where a.balance + coalesce(q.total, 0) <> coalesce(s.total, 0)
    order by a.id`.execute(db);
  return rows.map((row) => ({
    kind: 'account_balance_mismatch',
    subject: row.id,
    details: {
      owner: row.owner,
      account_kind: row.kind,
      currency: row.currency,
      balance: row.balance.toString(),
      sum_of_postings: row.postings_total.toString(),
    },
  }));
}
