import { type Kysely, sql } from 'kysely';

/**
 * The daily ledger reconciliation: what it finds wrong is kept as alerts,
 * once per run, kind and subject, so a run repeated after a crash adds
 * nothing. Outbox events may carry a key under which they exist once, so a
 * recurring job queued by every replica runs once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ledger_alerts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('run_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('ledger_alerts_run_kind_subject_key', ['run_key', 'kind', 'subject'])
    .addCheckConstraint(
      'ledger_alerts_kind_check',
      sql`kind in ('currency_unbalanced', 'account_balance_mismatch', 'transfer_postings_mismatch')`,
    )
    .addCheckConstraint('ledger_alerts_details_check', sql`jsonb_typeof(details) = 'object'`)
    .execute();
  await sql`create index ledger_alerts_created_idx on ledger_alerts (created_at desc)`.execute(db);

  await db.schema
    .alterTable('outbox_events')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .execute();
}
