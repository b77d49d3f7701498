import { type Kysely, sql } from 'kysely';

/**
 * Passkeys (WebAuthn): a customer's credentials, each with its public key
 * and signature counter, and the challenges the server handed out, kept
 * until used once or expired (`modules/user/passkeys/`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().check(sql`counter >= 0`))
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull().check(sql`device_type in ('singleDevice', 'multiDevice')`))
    .addColumn('backed_up', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('passkeys_customer_id_idx').on('passkeys').column('customer_id').execute();

  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('registration', 'sign-in')`))
    .addColumn('customer_id', 'text', (c) => c.references('customers.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('passkey_challenges_owner_check', sql`(purpose = 'registration') = (customer_id is not null)`)
    .execute();
}
