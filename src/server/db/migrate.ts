import { Migrator, sql } from 'kysely';
import type { Db } from './connection.ts';
import { migrations } from './migrations/index.ts';

function migrator(db: Db): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/**
 * Bring the schema up to date; throws on the first failing migration. The
 * migrations run on one connection without the server's statement timeout:
 * building an index on a large table may take longer than any call may.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      const { error, results } = await migrator(connection).migrateToLatest();
      if (error) throw error instanceof Error ? error : new Error(String(error));
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    } finally {
      await sql`reset statement_timeout`.execute(connection).catch(() => undefined);
    }
  });
}

/** The migrations this code knows that the database has not run yet (none: the schema is at head). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const known = await migrator(db).getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
