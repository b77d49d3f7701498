import { type Kysely, sql } from 'kysely';

/**
 * Transfers, their history and card payment attempts; the sandbox payout
 * partner's orders; and the notifications the transfer status changes write
 * for the notifications bell.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transfers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('trans_ref', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('quote_id', 'text', (c) => c.notNull().references('quotes.id'))
    .addColumn('beneficiary_id', 'text', (c) => c.notNull().references('beneficiaries.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('close_reason', 'text')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('send_country', 'char(2)', (c) => c.notNull())
    .addColumn('destination_country', 'char(2)', (c) => c.notNull())
    .addColumn('source_currency', 'char(3)', (c) => c.notNull())
    .addColumn('dest_currency', 'char(3)', (c) => c.notNull())
    .addColumn('send_amount', 'int8', (c) => c.notNull())
    .addColumn('fee', 'int8', (c) => c.notNull())
    .addColumn('total', 'int8', (c) => c.notNull())
    .addColumn('receive_amount', 'int8', (c) => c.notNull())
    .addColumn('rate', 'numeric', (c) => c.notNull())
    .addColumn('payout_type', 'text', (c) => c.notNull())
    .addColumn('payout_provider_name', 'text', (c) => c.notNull())
    .addColumn('beneficiary_name', 'text', (c) => c.notNull())
    .addColumn('payment_type', 'text')
    .addColumn('partner_reference', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('funded_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addUniqueConstraint('transfers_idempotency_key', ['customer_id', 'idempotency_key'])
    .addCheckConstraint(
      'transfers_status_check',
      sql`status in ('AWAITING', 'PENDING', 'SENT', 'PAID', 'CLOSED')
        and (close_reason is null) = (status <> 'CLOSED')
        and (close_reason is null or close_reason in ('cancelled', 'expired', 'rejected'))`,
    )
    .addCheckConstraint(
      'transfers_money_check',
      sql`send_amount > 0 and fee >= 0 and total = send_amount + fee and receive_amount > 0 and rate > 0`,
    )
    .addCheckConstraint('transfers_payment_type_check', sql`payment_type is null or payment_type = 'card'`)
    .addCheckConstraint('transfers_paid_check', sql`(paid_at is null) = (status <> 'PAID')`)
    .execute();
  // The transfers list and the yearly sum: one customer's transfers, newest first.
  await sql`create index transfers_customer_idx on transfers (customer_id, created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('transfer_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('transfer_id', 'text', (c) => c.notNull().references('transfers.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  // One row per status entered: a repeated (at-least-once) transition cannot write a second.
  await sql`create unique index transfer_events_status_key on transfer_events (transfer_id, status)`.execute(db);

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn('transfer_id', 'text', (c) => c.notNull().references('transfers.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('card_token', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('gateway_payment_id', 'text')
    .addColumn('challenge_url', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('amount', 'int8', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('payments_idempotency_key', ['transfer_id', 'idempotency_key'])
    .addCheckConstraint(
      'payments_status_check',
      sql`status in ('PROCESSING', 'WAITING', 'APPROVED', 'DECLINED', 'ABANDONED')`,
    )
    .addCheckConstraint('payments_amount_check', sql`amount > 0`)
    .execute();
  // At most one attempt in flight per transfer: two cards can never both be charged for it.
  await sql`create unique index payments_open_key on payments (transfer_id)
    where status in ('PROCESSING', 'WAITING')`.execute(db);
  await sql`create index payments_transfer_idx on payments (transfer_id, seq desc)`.execute(db);

  await db.schema
    .createTable('sandbox_payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'int8', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('destination_country', 'char(2)', (c) => c.notNull())
    .addColumn('payout_type', 'text', (c) => c.notNull())
    .addColumn('recipient_name', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('sandbox_payouts_outcome_check', sql`outcome in ('pay', 'reject')`)
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title_key', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('viewed_at', 'timestamptz')
    .addCheckConstraint('notifications_category_check', sql`category in ('wallet', 'bonus', 'transactions')`)
    .addCheckConstraint('notifications_params_check', sql`jsonb_typeof(params) = 'object'`)
    .execute();
  await sql`create index notifications_customer_idx on notifications (customer_id, created_at desc)`.execute(db);
}
