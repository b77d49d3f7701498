import { type Kysely, sql } from 'kysely';

/**
 * Saved cards keep the SHA-256 (hex) of the single-use token they were saved
 * from, not the token: an acquirer's browser component hands over its
 * encrypted card fields as that token (several kilobytes, too long for a
 * unique index, and no business of ours to keep). And each keeps when the
 * customer consented to the card being stored for later payments
 * (`consented_at`, the card-on-file agreement the acquirer is told of).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update saved_cards set source_token = encode(sha256(convert_to(source_token, 'UTF8')), 'hex')`.execute(db);
  await sql`alter table saved_cards rename column source_token to source_token_sha256`.execute(db);
  await db.schema.alterTable('saved_cards').addColumn('consented_at', 'timestamptz').execute();
  await sql`update saved_cards set consented_at = created_at`.execute(db);
  await sql`alter table saved_cards alter column consented_at set not null`.execute(db);
}
