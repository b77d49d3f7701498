import { type Kysely, sql } from 'kysely';

/**
 * Bank ID (SPEC §7 bankid/*): a customer may be known by the personal
 * identity number their bank ID confirmed (one per country), with or without
 * an e-mail or mobile number; a bank-ID session waits for the provider's
 * answer between `init` and `check`; the sandbox provider keeps its orders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table customers
    add column personal_identity_number text,
    add column personal_identity_number_verified_at timestamptz,
    drop constraint customers_contact_check,
    add constraint customers_contact_check
      check (email is not null or mobile is not null or personal_identity_number is not null)`.execute(db);
  await sql`create unique index customers_personal_identity_number_key
    on customers (country, personal_identity_number)`.execute(db);

  await db.schema
    .createTable('bank_id_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('registration', 'login')`))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('personal_identity_number', 'text', (c) => c.notNull())
    .addColumn('order_ref', 'text', (c) => c.notNull())
    .addColumn('restart_count', 'integer', (c) => c.notNull().check(sql`restart_count >= 0`))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('terms_accepted_at', 'timestamptz')
    .addColumn('privacy_accepted_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_bank_id_orders')
    .addColumn('order_ref', 'text', (c) => c.primaryKey())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('personal_identity_number', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'complete', 'cancelled', 'failed')`),
    )
    .addColumn('success_url', 'text', (c) => c.notNull())
    .addColumn('failure_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
