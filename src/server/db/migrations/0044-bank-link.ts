import { type Kysely, sql } from 'kysely';

/**
 * Bank link (open banking): top-ups and transfer payments are made by card or
 * by bank link (`method`); a bank-link one keeps the provider's payment id and
 * has no card. A transfer may be paid by bank link (payment type `trustly`,
 * SPEC §3). The sandbox provider keeps its payments.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['top_ups', 'payments']) {
    await sql`alter table ${sql.table(table)}
      add column method text not null default 'card',
      add column bank_payment_id text,
      alter column card_token drop not null,
      add constraint ${sql.ref(`${table}_method_check`)} check (
        (method = 'card' and card_token is not null and bank_payment_id is null)
        or (method = 'bank_link' and card_token is null))`.execute(db);
  }
  await sql`alter table transfers drop constraint transfers_payment_type_check`.execute(db);
  await sql`alter table transfers add constraint transfers_payment_type_check
    check (payment_type is null or payment_type in ('card', 'wallet', 'bank', 'trustly'))`.execute(db);

  await db.schema
    .createTable('sandbox_bank_link_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('bank', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'settled', 'cancelled', 'failed')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
