import { Migrator, sql } from 'kysely';
import type { Db } from './connection.ts';
import { migrations } from './migrations/index.ts';

/**
 * Bring the schema up to date; throws on the first failing migration. The
 * migrations run on one connection without the server's statement timeout:
 * building an index on a large table may take longer than any call may.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      const migrator = new Migrator({
        db: connection,
        provider: { getMigrations: async () => migrations },
      });
      const { error, results } = await migrator.migrateToLatest();
      if (error) throw error instanceof Error ? error : new Error(String(error));
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    } finally {
      await sql`reset statement_timeout`.execute(connection).catch(() => undefined);
    }
  });
}
