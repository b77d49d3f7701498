import { type Config, loadConfig } from '../config.ts';
import { createLogger, type Logger } from '../http/logger.ts';
import { type DatabaseHandle, openDatabase } from './connection.ts';

/**
 * A one-off command on the configured database (DATABASE_URL, else the PGlite of DATA_DIR), as `npm run migrate`
 * and `npm run documents:rewrap` are: `work` runs once, a failure is logged as `failed` and makes the exit code 1,
 * and the database is closed either way.
 */
export async function runDatabaseCommand(
  failed: string,
  work: (database: DatabaseHandle, config: Config, logger: Logger) => Promise<void>,
): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteFsync: config.pgliteFsync,
  });
  try {
    await work(database, config, logger);
  } catch (error) {
    logger.error({ err: error }, failed);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
