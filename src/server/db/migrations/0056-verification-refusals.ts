import { type Kysely, sql } from 'kysely';

/**
 * The database-check provider's refusals (SPEC §8 InvalidInformation,
 * CantProceedWithProvidedDetails), one per customer: what it refused, on
 * which detail, and a digest of the details it saw, so the same details are
 * not sent again until the customer changes them. And the sandbox capture
 * provider keeps the callback it made for a capture, which
 * `/user/ekyc/verify` asks it for when the callback did not arrive.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('verification_refusals')
    .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('InvalidInformation', 'CantProceedWithProvidedDetails')`),
    )
    .addColumn('property_path', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('details_digest', 'text', (c) => c.notNull())
    .addColumn('refused_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('sandbox_capture_sessions').addColumn('callback', 'text').execute();
}
