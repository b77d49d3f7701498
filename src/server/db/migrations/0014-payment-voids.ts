import { type Kysely, sql } from 'kysely';

/**
 * A card approval that arrives for a transfer no longer awaiting payment
 * (expired while the bank answered) is released at the gateway: our attempt
 * is VOIDED, and the sandbox gateway records when the payment was voided.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payments drop constraint payments_status_check,
    add constraint payments_status_check
      check (status in ('PROCESSING', 'WAITING', 'APPROVED', 'DECLINED', 'ABANDONED', 'VOIDED'))`.execute(db);
  await db.schema.alterTable('sandbox_card_payments').addColumn('voided_at', 'timestamptz').execute();
}
