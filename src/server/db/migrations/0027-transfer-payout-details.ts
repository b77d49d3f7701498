import type { Kysely } from 'kysely';

/**
 * The payout details a transfer was corrected to after paying (SPEC §2
 * transaction-update): the recipient's payout values and their list label as
 * this one transfer pays them. Null while they are the recipient's as saved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('transfers')
    .addColumn('payout_details', 'jsonb')
    .addColumn('payout_label', 'text')
    .execute();
}
