import { runDatabaseCommand } from './db/database-command.ts';
import { migrateToLatest } from './db/migrate.ts';

/**
 * `npm run migrate`: bring the database of DATABASE_URL (else the PGlite of DATA_DIR) to the latest migration,
 * once, as a deploy step before the new servers start. Exits 0 when the schema is at head, 1 on a failure.
 */
await runDatabaseCommand('migration failed', async (database, _config, logger) => {
  const applied = await migrateToLatest(database.db);
  logger.info({ database: database.kind, applied }, `migrated: ${applied.length} migration(s) applied`);
});
