import { type Kysely, sql } from 'kysely';

/** A top-up left in 3-D Secure past its deadline ends ABANDONED (its gateway payment voided), never credited. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('top_ups').dropConstraint('top_ups_status_check').execute();
  await db.schema
    .alterTable('top_ups')
    .addCheckConstraint(
      'top_ups_status_check',
      sql`status in ('PROCESSING', 'WAITING', 'APPROVED', 'DECLINED', 'ABANDONED')`,
    )
    .execute();
}
