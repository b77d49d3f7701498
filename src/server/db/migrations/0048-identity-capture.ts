import { type Kysely, sql } from 'kysely';

/**
 * The identity-capture provider's sessions (`/user/ekyc`): the sandbox
 * provider keeps each capture it started, the photos taken on its page and
 * where it sends the browser back to, as a vendor keeps them on its side.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sandbox_capture_sessions')
    .addColumn('reference', 'text', (c) => c.primaryKey())
    .addColumn('customer_reference', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('started', 'captured')`))
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('fallback_url', 'text', (c) => c.notNull())
    .addColumn('document_image', 'bytea')
    .addColumn('selfie_image', 'bytea')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
