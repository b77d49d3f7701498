import type { Kysely } from 'kysely';

/** A recipient the customer chose to have told by SMS when the money is ready to collect or deposited. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('beneficiaries')
    .addColumn('notify_by_sms', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}
