import { type Kysely, sql } from 'kysely';

/**
 * Registration and sign-in by phone. A registration waits for its code on
 * one destination, an e-mail address or a phone number (`channel`), so the
 * e-mail registrations become `registrations`. A customer has an e-mail, a
 * mobile number (E.164), or both; each is unique.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table email_registrations rename to registrations`.execute(db);
  await sql`alter table registrations rename column email to destination`.execute(db);
  await sql`alter index email_registrations_email_idx rename to registrations_destination_idx`.execute(db);
  await sql`alter index email_registrations_expiry_idx rename to registrations_expiry_idx`.execute(db);
  await sql`alter table registrations rename constraint email_registrations_counts_check to registrations_counts_check`.execute(
    db,
  );
  await sql`alter table registrations
    add column channel text not null default 'email' check (channel in ('email', 'sms')),
    add column account_exists boolean not null default false`.execute(db);
  await sql`alter table registrations alter column channel drop default`.execute(db);

  await sql`alter table customers
    alter column email drop not null,
    add column mobile text,
    add column mobile_verified_at timestamptz,
    add constraint customers_contact_check check (email is not null or mobile is not null)`.execute(db);
  await sql`create unique index customers_mobile_key on customers (mobile)`.execute(db);
}
