import type { Kysely } from 'kysely';

/**
 * A registration is finished in three calls (SPEC §7 OAuth): the right code
 * marks it verified (`check`), `commit` creates the customer and hands them
 * over as a short-lived signed token, and `jwt2auth` exchanges that token,
 * once, for a session of the main API. A phone registration may also carry
 * the customer's e-mail address (`otp/email`), kept unverified on the account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('registrations')
    .addColumn('verified_at', 'timestamptz')
    .addColumn('email', 'text')
    .execute();
  await db.schema
    .createTable('auth_handoffs')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
}
