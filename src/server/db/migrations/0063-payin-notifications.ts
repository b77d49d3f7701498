import { type Kysely, sql } from 'kysely';

/**
 * The card gateway's signed webhooks: each notification is recorded once,
 * by the gateway's id of it, after it was acted on, so a notification
 * delivered again is recognised and changes nothing twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table payin_notifications (
    provider text not null,
    id text not null,
    gateway_payment_id text not null,
    payin_id text references payins (id),
    received_at timestamptz not null,
    primary key (provider, id)
  )`.execute(db);
}
