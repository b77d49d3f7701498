import { type Kysely, sql } from 'kysely';

/**
 * A quote funds at most one transfer: its rate was guaranteed for one
 * transfer, not for as many as can be created before it expires. A transfer
 * that expired or was cancelled keeps its quote too (that quote has expired
 * as well). Stops with the quotes at fault when some already fund two.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const shared = await sql<{ quote_id: string }>`
    select quote_id from transfers group by quote_id having count(*) > 1 order by quote_id limit 20`.execute(db);
  if (shared.rows.length > 0) {
    const ids = shared.rows.map((row) => row.quote_id).join(', ');
    throw new Error(`these quotes fund more than one transfer; settle them before migrating: ${ids}`);
  }
  await db.schema.alterTable('transfers').addUniqueConstraint('transfers_quote_id_key', ['quote_id']).execute();
}
