import { type Kysely, sql } from 'kysely';

/**
 * The remitter record a customer builds during onboarding, one per customer.
 * The name stays on `customers` (first_name, last_name) and the US state in
 * `customers.usa_state`; every other answer lives here, null until its step
 * is done. Of the Social Security number only the last four digits are kept
 * (docs/decisions.md). The date of birth is kept as its YYYY-MM-DD text, so no
 * driver moves it across a time zone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('remitters')
    .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('nationality', 'char(2)')
    .addColumn('date_of_birth', 'text', (c) => c.check(sql`date_of_birth ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('street', 'text')
    .addColumn('city', 'text')
    .addColumn('postcode', 'text')
    .addColumn('province', 'text')
    .addColumn('occupation', 'text')
    .addColumn('reason_of_usage', 'text')
    .addColumn('purpose_of_account', 'text')
    .addColumn('ssn_last4', 'char(4)', (c) => c.check(sql`ssn_last4 ~ '^[0-9]{4}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint(
      'remitters_address_whole',
      sql`(street is null) = (city is null) and (street is null) = (postcode is null)`,
    )
    .execute();
}
