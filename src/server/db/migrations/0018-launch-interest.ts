import type { Kysely } from 'kysely';

/**
 * People in a country Sarraf does not serve yet who asked to hear when it
 * launches there (/area-not-available): one row per e-mail and country.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('launch_interest')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text')
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('launch_interest_email_country_key', ['email_key', 'country'])
    .execute();
}
