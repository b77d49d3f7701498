import type { Kysely } from 'kysely';

/**
 * One counter per abuse limit and key (an e-mail, a client address, an
 * account from an address…), counted in the database so every replica
 * agrees. The per-e-mail sign-in failures it replaces go: that lockout let
 * a stranger lock the owner out.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('abuse_limit_counters')
    .addColumn('limit_name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('abuse_limit_counters_pkey', ['limit_name', 'key_hash'])
    .execute();
  await db.schema
    .createIndex('abuse_limit_counters_window_ends_at_idx')
    .on('abuse_limit_counters')
    .column('window_ends_at')
    .execute();
  await db.schema.dropTable('login_failures').execute();
}
