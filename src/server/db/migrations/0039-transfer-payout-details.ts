import type { Kysely } from 'kysely';

/**
 * The payout details a transfer was corrected to after paying (SPEC §2
 * transaction-update): the recipient's payout values and their list label as
 * this one transfer pays them. Null while they are the recipient's as saved.
 * The sandbox payout partner keeps the details each order pays out to, as
 * last sent, so an amendment can be seen to arrive.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('transfers')
    .addColumn('payout_details', 'jsonb')
    .addColumn('payout_label', 'text')
    .execute();
  await db.schema.alterTable('sandbox_payouts').addColumn('payout_details', 'jsonb').execute();
}
