import { type Kysely, sql } from 'kysely';

/**
 * The double-entry ledger (pgledger's shape): accounts carry their balance and
 * a version, postings carry the balance after them, transactions carry the
 * idempotency key with a hash of the request (Formance).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('balance', 'int8', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'int8', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('ledger_accounts_owner_kind_currency_key', ['owner', 'kind', 'currency'])
    // Lets postings reference (account, currency): a posting in another currency cannot exist.
    .addUniqueConstraint('ledger_accounts_id_currency_key', ['id', 'currency'])
    .addCheckConstraint(
      'ledger_accounts_kind_check',
      sql`kind in ('customer_wallet', 'card_settlement', 'bank_settlement', 'fee_revenue',
        'payout_clearing', 'partner_payable', 'fx_liquidity', 'promo_expense')`,
    )
    .addCheckConstraint('ledger_accounts_currency_check', sql`currency ~ '^[A-Z]{3}$'`)
    // The last line of defence behind the check the posting code makes under row locks.
    .addCheckConstraint('ledger_accounts_wallet_non_negative', sql`kind <> 'customer_wallet' or balance >= 0`)
    .execute();

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('metadata', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('ledger_postings')
    .addColumn('id', 'int8', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('transaction_id', 'text', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('amount', 'int8', (c) => c.notNull())
    .addColumn('balance_after', 'int8', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('ledger_postings_account_currency_fkey', ['account_id', 'currency'], 'ledger_accounts', [
      'id',
      'currency',
    ])
    .addCheckConstraint('ledger_postings_amount_non_zero', sql`amount <> 0`)
    .execute();
  // An account's history, newest last: statements and the latest balance_after.
  await db.schema
    .createIndex('ledger_postings_account_idx')
    .on('ledger_postings')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_postings_transaction_idx')
    .on('ledger_postings')
    .column('transaction_id')
    .execute();
}
