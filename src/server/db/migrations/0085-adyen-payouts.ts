import type { Kysely } from 'kysely';

/**
 * Adyen as the payout partner (issue 28): each bank transfer we asked Adyen
 * for, with what its transfer webhooks last said of it. Adyen's Transfers API
 * has no call that reads a transfer back, so this is where `status()` answers
 * from. Its webhooks name the transfer by Adyen's id, which our transfers
 * keep as `partner_reference`: indexed to find the transfer a webhook moves.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('adyen_payouts')
    .addColumn('transfer_id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('credited', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sequence_number', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('transfers_partner_reference').on('transfers').column('partner_reference').execute();
}
