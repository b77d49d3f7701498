import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type AccountKind, LOCKED_KINDS } from './account-kinds.ts';

/** An account as read for posting: a wallet under its row lock with its balance; a platform account without either. */
export interface LockedAccount {
  id: string;
  kind: AccountKind;
  currency: string;
  /** null for an account posted without its lock (not of LOCKED_KINDS): its balance is not known here */
  balance: bigint | null;
}

/**
 * Row locks on the wallets among these accounts, taken in one statement in id
 * order, the one order every movement uses, with the other accounts read
 * unlocked beside them. A database transaction takes them once, for every
 * account of everything it posts: two transactions that each lock in id order
 * but lock twice can still deadlock (one holds a wallet from its first lock
 * and waits for another's wallet, the other the reverse). Unknown ids are
 * left out of the map.
 */
export async function lockAccounts(
  trx: Transaction<Database>,
  ids: readonly string[],
): Promise<Map<string, LockedAccount>> {
  const wanted = [...new Set(ids)];
  const rows = await trx
    .with('locked', (db) =>
      db
        .selectFrom('ledger_accounts')
        .select(['id', 'kind', 'currency', 'balance'])
        .where('id', 'in', wanted)
        .where('kind', 'in', LOCKED_KINDS)
        .orderBy('id')
        .forUpdate(),
    )
    .selectFrom('locked')
    .select(['id', 'kind', 'currency', (eb) => eb.cast<bigint | null>('balance', 'int8').as('balance')])
    .unionAll((db) =>
      db
        .selectFrom('ledger_accounts')
        .select(['id', 'kind', 'currency', (eb) => eb.cast<bigint | null>(eb.val(null), 'int8').as('balance')])
        .where('id', 'in', wanted)
        .where('kind', 'not in', LOCKED_KINDS),
    )
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
