import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { createLogger } from './http/logger.ts';
import { rewrapDocumentKeys } from './modules/verification/document-rewrap.ts';

/**
 * `npm run documents:rewrap`: wrap every verification document's key with the current master key
 * (DOCUMENT_MASTER_KEY_ID), on the database of DATABASE_URL (else the PGlite of DATA_DIR), so the older master
 * keys can be removed from DOCUMENT_MASTER_KEYS. Exits 0 when every document is on the current key, 1 on a failure.
 */
const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  pgliteFsync: config.pgliteFsync,
});
try {
  const rewrapped = await rewrapDocumentKeys(database.db, config.documentKeys);
  logger.info({ rewrapped, keyId: config.documentKeys.current }, `documents rewrapped: ${rewrapped}`);
} catch (error) {
  logger.error({ err: error }, 'rewrap failed');
  process.exitCode = 1;
} finally {
  await database.close();
}
