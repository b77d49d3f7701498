import { type Kysely, sql } from 'kysely';

/**
 * A transfer's history says who or what moved it and why, and where a refund
 * went; a paid transfer can be recalled (the US cancellation right) and
 * refunded to the wallet or the card; the payout partner's reports are kept,
 * one row per report, so a repeated one changes nothing; a history row may
 * record a change of payout details, which enters no status. The sandbox
 * providers learn refunds, recalls and amended orders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table transfers add column refund_to text,
    drop constraint transfers_status_check,
    add constraint transfers_status_check check (
      status in ('AWAITING', 'PENDING', 'SENT', 'PAID', 'CLOSED')
      and (close_reason is null) = (status <> 'CLOSED')
      and (close_reason is null or close_reason in ('cancelled', 'expired', 'rejected', 'recalled')))`.execute(db);
  await sql`update transfers set refund_to = 'wallet' where close_reason = 'rejected'`.execute(db);
  await sql`alter table transfers add constraint transfers_refund_check check (
      (refund_to is not null) = (close_reason is not null and close_reason in ('rejected', 'recalled'))
      and (refund_to is null or refund_to in ('wallet', 'card')))`.execute(db);

  await db.schema
    .alterTable('transfer_events')
    .addColumn('actor', 'text')
    .addColumn('reason', 'text')
    .addColumn('refund_to', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .execute();
  await sql`update transfer_events set actor = case event
      when 'payment_approved' then 'gateway'
      when 'expired' then 'system'
      when 'partner_accepted' then 'partner'
      when 'partner_paid' then 'partner'
      when 'partner_rejected' then 'partner'
      else 'customer' end,
    reason = case event when 'expired' then 'unpaid_in_time' when 'partner_rejected' then 'partner_refused' end,
    refund_to = case event when 'partner_rejected' then 'wallet' end`.execute(db);
  await sql`alter table transfer_events alter column actor set not null,
    add constraint transfer_events_actor_check check (actor in ('customer', 'gateway', 'partner', 'system')),
    add constraint transfer_events_refund_check check (refund_to is null or refund_to in ('wallet', 'card'))`.execute(
    db,
  );
  // One row per status entered still; a change of payout details enters none and may happen more than once.
  await sql`drop index transfer_events_status_key`.execute(db);
  await sql`create unique index transfer_events_status_key on transfer_events (transfer_id, status)
    where event <> 'payout_details_updated'`.execute(db);
  await sql`create unique index transfer_events_idempotency_key on transfer_events (transfer_id, idempotency_key)
    where idempotency_key is not null`.execute(db);

  await db.schema
    .createTable('payout_partner_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('transfer_id', 'text', (c) => c.notNull().references('transfers.id'))
    .addColumn('partner_event_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    /** how many history rows the report wrote: 0 for one late, repeated or contradicting */
    .addColumn('moves', 'integer', (c) => c.notNull())
    .addUniqueConstraint('payout_partner_events_key', ['transfer_id', 'partner_event_id'])
    .addCheckConstraint('payout_partner_events_status_check', sql`status in ('SENT', 'PAID', 'REJECTED', 'CANCELLED')`)
    .execute();

  await db.schema
    .alterTable('sandbox_card_payments')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('refund_key', 'text')
    .execute();
  await db.schema
    .alterTable('sandbox_payouts')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('amended_at', 'timestamptz')
    .execute();
}
