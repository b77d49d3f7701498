import { type Kysely, sql } from 'kysely';

/**
 * The notifications and conversions are read a page at a time, newest first by
 * `(created_at, id)` (db/paged-rows.ts), as transfers already are: each gets an
 * index in exactly that order, so a page is an index range read from its
 * cursor, not a sort of the customer's every row. The indexes they replace
 * lacked the id (notifications) or read it the other way (conversions).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notifications_customer_idx`.execute(db);
  await sql`create index notifications_customer_newest_idx
    on notifications (customer_id, created_at desc, id desc)`.execute(db);
  await sql`drop index conversions_customer_newest_idx`.execute(db);
  await sql`create index conversions_customer_newest_idx
    on conversions (customer_id, created_at desc, id desc)`.execute(db);
}
