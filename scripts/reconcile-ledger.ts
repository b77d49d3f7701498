/**
 * Run the ledger reconciliation now, on the database the server is
 * configured with (DATABASE_URL, or DATA_DIR for PGlite), outside the daily
 * schedule. Problems are recorded as alerts under `manual:<time>` and logged;
 * the exit code is 1 when there were any.
 */
import { systemClock } from '../src/server/clock.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { createLogger } from '../src/server/http/logger.ts';
import { reconcileLedger } from '../src/server/jobs/ledger-reconciliation.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  pgliteFsync: config.pgliteFsync,
});
try {
  const ctx = { db: database.db, logger: createLogger(config.logLevel), clock: systemClock };
  const problems = await reconcileLedger(ctx, `manual:${systemClock.now().toISOString()}`);
  process.exitCode = problems.length > 0 ? 1 : 0;
} finally {
  await database.close();
}
