import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../../src/server/db/connection.ts';
import type { LedgerAccount } from '../../../src/server/ledger/accounts.ts';
import { type PostedTransaction, postTransaction } from '../../../src/server/ledger/post-transaction.ts';
import type { TransactionRequest } from '../../../src/server/ledger/transaction-request.ts';

/** postTransaction in a database transaction of its own, as a caller would run it. */
export function post(db: Db, request: TransactionRequest): Promise<PostedTransaction> {
  return db.transaction().execute((trx) => postTransaction(trx, request));
}

/** Moves `amount` from one account to another of the same currency. */
export function move(
  idempotencyKey: string,
  kind: string,
  from: LedgerAccount,
  to: LedgerAccount,
  amount: bigint,
): TransactionRequest {
  return {
    idempotencyKey,
    kind,
    reference: idempotencyKey,
    postings: [
      { accountId: from.id, amount: -amount, currency: from.currency },
      { accountId: to.id, amount, currency: to.currency },
    ],
  };
}

/** The rows a query finds; the invariant checks expect none. */
async function rows(db: Db, query: ReturnType<typeof sql>): Promise<unknown[]> {
  return (await query.execute(db)).rows;
}

/**
 * The invariants of the whole ledger: every transaction has two or more
 * postings summing to zero per currency; no wallet is or ever was negative;
 * every account's balance with its pending changes equals the sum of its
 * postings; a wallet's balance is also its last balance_after, and every
 * balance_after the previous one plus the amount; a platform account's
 * postings carry none, and only platform accounts have pending changes.
 */
export async function expectLedgerInvariants(db: Db): Promise<void> {
  expect(
    await rows(
      db,
      sql`select transaction_id, currency, sum(amount) as total from ledger_postings
          group by transaction_id, currency having sum(amount) <> 0`,
    ),
  ).toEqual([]);
  expect(
    await rows(
      db,
      sql`select t.id from ledger_transactions t left join ledger_postings p on p.transaction_id = t.id
          group by t.id having count(p.id) < 2`,
    ),
  ).toEqual([]);
  expect(
    await rows(
      db,
      sql`select p.account_id from ledger_postings p join ledger_accounts a on a.id = p.account_id
          where a.kind = 'customer_wallet' and p.balance_after < 0
          union all select id from ledger_accounts where kind = 'customer_wallet' and balance < 0`,
    ),
  ).toEqual([]);
  expect(
    await rows(
      db,
      sql`select a.id, a.kind, a.balance, q.pending, s.total, s.last_after from ledger_accounts a
          left join lateral (
            select coalesce(sum(amount), 0)::int8 as total,
                   coalesce((select balance_after from ledger_postings l where l.account_id = a.id
                             order by l.id desc limit 1), 0)::int8 as last_after
            from ledger_postings p where p.account_id = a.id
          ) s on true
          left join lateral (
            select coalesce(sum(amount), 0)::int8 as pending from ledger_pending_balances b where b.account_id = a.id
          ) q on true
          where a.balance + q.pending <> s.total
             or (a.kind = 'customer_wallet' and (a.balance <> s.last_after or q.pending <> 0))`,
    ),
  ).toEqual([]);
  expect(
    await rows(
      db,
      sql`select x.id from (
            select p.id, p.account_id, p.amount, p.balance_after,
                   lag(p.balance_after, 1, 0::int8) over (partition by p.account_id order by p.id) as before
            from ledger_postings p) x
          join ledger_accounts a on a.id = x.account_id
          where case when a.kind = 'customer_wallet' then x.balance_after is distinct from x.before + x.amount
                     else x.balance_after is not null end`,
    ),
  ).toEqual([]);
}
