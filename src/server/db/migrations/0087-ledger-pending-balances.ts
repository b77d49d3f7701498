import { type Kysely, sql } from 'kysely';

/**
 * The platform's ledger accounts are posted without their row lock (issue 36:
 * every card payment and payout of a currency locked the same few rows, the
 * only lock waits under load). A posting on one carries no running balance,
 * and its change waits here until folded into the account's balance; an
 * account's balance is its `balance` plus its pending changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_pending_balances')
    .addColumn('id', 'int8', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('account_id', 'text', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'int8', (c) => c.notNull())
    .addCheckConstraint('ledger_pending_balances_amount_non_zero', sql`amount <> 0`)
    .execute();
  await db.schema
    .createIndex('ledger_pending_balances_account_idx')
    .on('ledger_pending_balances')
    .column('account_id')
    .execute();
  await db.schema
    .alterTable('ledger_postings')
    .alterColumn('balance_after', (c) => c.dropNotNull())
    .execute();
}
