import { type Kysely, sql } from 'kysely';

/**
 * Paying by bank transfer: the transfer may be paid by bank, and every
 * credit our bank reports is recorded once (its id is the bank's), with
 * where it was booked: the transfer its reference names, the customer's
 * wallet (wrong amount, or the transfer no longer waits), or nowhere yet.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table transfers drop constraint transfers_payment_type_check`.execute(db);
  await sql`alter table transfers add constraint transfers_payment_type_check
    check (payment_type is null or payment_type in ('card', 'wallet', 'bank'))`.execute(db);
  await db.schema
    .createTable('bank_credits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('transfer_id', 'text', (c) => c.references('transfers.id'))
    .addColumn('booked_to', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('bank_credits_amount_check', sql`amount > 0`)
    .addCheckConstraint(
      'bank_credits_booked_to_check',
      sql`booked_to in ('transfer', 'wallet', 'unmatched') and (transfer_id is null) = (booked_to = 'unmatched')`,
    )
    .execute();
}
