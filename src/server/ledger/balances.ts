import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type LedgerAccount, toLedgerAccount } from './accounts.ts';
import { LedgerError } from './ledger-error.ts';

/** An account's balance: what was folded into it and its changes still pending (none on a locked account). */
const currentBalance = sql<bigint>`(a.balance + coalesce(
  (select sum(q.amount) from ledger_pending_balances q where q.account_id = a.id), 0))::int8`;

/** The current balance of one account, in minor units. */
export async function balanceOf(db: Kysely<Database>, accountId: string): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts as a')
    .select(currentBalance.as('balance'))
    .where('a.id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw new LedgerError(`unknown ledger account ${accountId}`);
  return row.balance;
}

/** Every account an owner holds, by kind then currency, at its current balance. */
export async function accountBalances(db: Kysely<Database>, owner: string): Promise<LedgerAccount[]> {
  const rows = await db
    .selectFrom('ledger_accounts as a')
    .select(['a.id', 'a.owner', 'a.kind', 'a.currency', 'a.version', 'a.created_at', currentBalance.as('balance')])
    .where('a.owner', '=', owner)
    .orderBy('a.kind')
    .orderBy('a.currency')
    .execute();
  return rows.map(toLedgerAccount);
}

/** The sum of an account's postings: what its balance must always equal. */
export async function sumOfPostings(db: Kysely<Database>, accountId: string): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_postings')
    .select(sql<bigint>`coalesce(sum(amount), 0)::int8`.as('total'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.total;
}
