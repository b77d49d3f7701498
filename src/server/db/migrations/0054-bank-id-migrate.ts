import { type Kysely, sql } from 'kysely';

/**
 * Bank-ID migrate (SPEC §7 api/bank-id/migrate): a signed-in customer's
 * bank-ID session ties the personal number the provider identifies to their
 * account, so the session names its customer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bank_id_sessions
    drop constraint bank_id_sessions_purpose_check,
    add constraint bank_id_sessions_purpose_check check (purpose in ('registration', 'login', 'migrate')),
    add column customer_id text references customers (id) on delete cascade,
    add constraint bank_id_sessions_customer_check check ((purpose = 'migrate') = (customer_id is not null))`.execute(
    db,
  );
}
