import type { Kysely } from 'kysely';

/**
 * The sandbox providers keep the idempotency key each call came with (the
 * outbox passes `outbox:<event id>`), so a handler run again after a crash
 * sends no second message and places no second payout order. Rows from
 * before have none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sandbox_messages')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .execute();
  await db.schema
    .alterTable('sandbox_payouts')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .execute();
}
