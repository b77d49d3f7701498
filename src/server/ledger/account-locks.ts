import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AccountKind } from './account-kinds.ts';

/** An account as read under its row lock. */
export interface LockedAccount {
  id: string;
  kind: AccountKind;
  currency: string;
  balance: bigint;
}

/**
 * Row locks on these accounts, taken in one statement in id order, the one
 * order every movement uses. A database transaction takes them once, for
 * every account of everything it posts: two transactions that each lock in
 * id order but lock twice can still deadlock (one holds a wallet from its
 * first lock and waits for payout clearing, the other holds payout clearing
 * and waits for the wallet). Unknown ids are left out of the map.
 */
export async function lockAccounts(
  trx: Transaction<Database>,
  ids: readonly string[],
): Promise<Map<string, LockedAccount>> {
  const rows = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'currency', 'balance'])
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
