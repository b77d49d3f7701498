import { type Kysely, sql } from 'kysely';

/**
 * The delivery promise: each transfer keeps the hours its quote promised
 * (the corridor's and payout type's delivery time), counted from its payment,
 * and when a late payout gave its fee back. A history row may now record that
 * refund, which enters no status and happens once per transfer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('transfers')
    .addColumn('promised_hours', 'integer')
    .addColumn('late_fee_refunded_at', 'timestamptz')
    .execute();
  await sql`update transfers set promised_hours = quotes.delivery_hours
    from quotes where quotes.id = transfers.quote_id`.execute(db);
  // a transfer whose quote is gone takes its corridor's time (the longest where the corridor changed since), and
  // one whose corridor is gone too the longest any corridor promises: never a promise shorter than was shown
  await sql`update transfers set promised_hours = (
      select max(corridors.delivery_hours) from corridors
      where corridors.source_country_iso2 = transfers.send_country
        and corridors.destination_country_iso2 = transfers.destination_country
        and corridors.payout_type = transfers.payout_type)
    where promised_hours is null`.execute(db);
  await sql`update transfers set promised_hours = coalesce((select max(delivery_hours) from corridors), 72)
    where promised_hours is null`.execute(db);
  await sql`alter table transfers alter column promised_hours set not null,
    add constraint transfers_promised_hours_check check (promised_hours > 0),
    add constraint transfers_late_fee_refund_check check (late_fee_refunded_at is null or status = 'PAID')`.execute(db);
  await sql`drop index transfer_events_status_key`.execute(db);
  await sql`create unique index transfer_events_status_key on transfer_events (transfer_id, status)
    where event not in ('payout_details_updated', 'late_fee_refunded', 'recipient_told')`.execute(db);
  await sql`create unique index transfer_events_once_key on transfer_events (transfer_id, event)
    where event in ('late_fee_refunded', 'recipient_told')`.execute(db);
}
