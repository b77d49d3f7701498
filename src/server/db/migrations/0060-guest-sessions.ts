import { type Kysely, sql } from 'kysely';

/**
 * Guest sessions (SPEC §7 OAuth `guest`, `gcaptcha/v3`, `gcaptcha/v2`): a
 * caller past the captcha-free registrations of its address proves itself
 * with a captcha on a guest session, which then lets a few registrations
 * through. The bearer token is kept only as its hash.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('guest_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('captcha_passed_at', 'timestamptz')
    .addColumn('registrations_left', 'integer', (c) => c.notNull().check(sql`registrations_left >= 0`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
