import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_registrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('country', 'char(2)', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('terms_accepted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('privacy_accepted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('code_hash', 'text')
    .addColumn('code_sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('code_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('send_count', 'integer', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('email_registrations_counts_check', sql`send_count >= 1 and failed_attempts >= 0`)
    .execute();
  await sql`create index email_registrations_email_idx on email_registrations (lower(email), created_at)`.execute(db);
  await db.schema
    .createIndex('email_registrations_expiry_idx')
    .on('email_registrations')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('customer_consents')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('document_url', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_consents_pkey', ['customer_id', 'document', 'accepted_at'])
    .addCheckConstraint('customer_consents_document_check', sql`document in ('terms_and_conditions', 'privacy_policy')`)
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_key_idx')
    .on('login_failures')
    .columns(['email_key', 'failed_at'])
    .execute();
  await db.schema.createIndex('login_failures_failed_at_idx').on('login_failures').column('failed_at').execute();
}
