import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/**
 * Folds the pending changes of the accounts posted without their lock into
 * their balances, in one statement: the changes it deletes are exactly those
 * it adds, so an account's balance plus its pending changes never moves.
 * Changes committed after it began stay for the next fold; two folds at once
 * never fold a change twice (the second waits for the first's deleted rows,
 * then skips them). Answers how many changes it folded.
 */
export async function foldPendingBalances(db: Db): Promise<number> {
  const { rows } = await sql<{ folded: string }>`
    with folded as (
      delete from ledger_pending_balances returning account_id, amount
    ), sums as (
      select account_id, sum(amount)::int8 as total, count(*) as changes from folded group by account_id
    ), moved as (
      update ledger_accounts as a
      set balance = a.balance + s.total, version = a.version + 1
      from sums s
      where a.id = s.account_id
    )
    select coalesce(sum(changes), 0)::text as folded from sums`.execute(db);
  return Number(rows[0]?.folded ?? 0);
}
