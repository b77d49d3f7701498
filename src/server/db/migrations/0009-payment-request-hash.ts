import type { Kysely } from 'kysely';

/**
 * A card payment attempt keeps the fingerprint of the pay request its
 * Idempotency-Key came with, like a transfer does, so one idempotency rule
 * (src/server/http/idempotency.ts) answers both. Attempts made before this
 * have none: their keys can no longer be replayed, only replaced by a new key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('request_hash', 'text').execute();
}
