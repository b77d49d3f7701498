import { type Kysely, sql } from 'kysely';

/**
 * Onfido behind the identity seams (issue 30): its applicant for each
 * customer, each check we created and whether its signed webhook has said
 * it is complete, each capture the Web SDK takes, the webhook events seen
 * (recorded once), and the automatic checks waiting for a screening that
 * answers later.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('onfido_applicants')
    .addColumn('customer_reference', 'text', (c) => c.primaryKey())
    .addColumn('applicant_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('onfido_checks')
    .addColumn('check_id', 'text', (c) => c.primaryKey())
    .addColumn('applicant_id', 'text', (c) => c.notNull())
    .addColumn('customer_reference', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('document', 'watchlist')`))
    /** the capture or submission it checks, or the customer's screening: one check each */
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('onfido_checks_once', ['purpose', 'reference'])
    .execute();
  await db.schema
    .createTable('onfido_captures')
    .addColumn('reference', 'text', (c) => c.primaryKey())
    .addColumn('customer_reference', 'text', (c) => c.notNull())
    .addColumn('applicant_id', 'text', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('check_requested_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('onfido_webhook_events')
    .addColumn('event_key', 'text', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('pending_screenings')
    .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id'))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('identity', 'boolean', (c) => c.notNull())
    .addColumn('address', 'boolean', (c) => c.notNull())
    .addColumn('said', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
