import { Migrator } from 'kysely';
import type { Db } from './connection.ts';
import { migrations } from './migrations/index.ts';

/** Bring the schema up to date; throws on the first failing migration. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
