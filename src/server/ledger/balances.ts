import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type LedgerAccount, toLedgerAccount } from './accounts.ts';
import { LedgerError } from './ledger-error.ts';

/** The current balance of one account, in minor units. */
export async function balanceOf(db: Kysely<Database>, accountId: string): Promise<bigint> {
  const row = await db.selectFrom('ledger_accounts').select('balance').where('id', '=', accountId).executeTakeFirst();
  if (!row) throw new LedgerError(`unknown ledger account ${accountId}`);
  return row.balance;
}

/** Every account an owner holds, by kind then currency. */
export async function accountBalances(db: Kysely<Database>, owner: string): Promise<LedgerAccount[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('owner', '=', owner)
    .orderBy('kind')
    .orderBy('currency')
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
