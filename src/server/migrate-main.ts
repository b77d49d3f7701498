import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createLogger } from './http/logger.ts';

/**
 * `npm run migrate`: bring the database of DATABASE_URL (else the PGlite of DATA_DIR) to the latest migration,
 * once, as a deploy step before the new servers start. Exits 0 when the schema is at head, 1 on a failure.
 */
const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  pgliteFsync: config.pgliteFsync,
});
try {
  const applied = await migrateToLatest(database.db);
  logger.info({ database: database.kind, applied }, `migrated: ${applied.length} migration(s) applied`);
} catch (error) {
  logger.error({ err: error }, 'migration failed');
  process.exitCode = 1;
} finally {
  await database.close();
}
