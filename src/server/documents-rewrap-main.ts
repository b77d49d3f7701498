import { runDatabaseCommand } from './db/database-command.ts';
import { rewrapDocumentKeys } from './modules/verification/document-rewrap.ts';

/**
 * `npm run documents:rewrap`: wrap every verification document's key with the current master key
 * (DOCUMENT_MASTER_KEY_ID), on the database of DATABASE_URL (else the PGlite of DATA_DIR), so the older master
 * keys can be removed from DOCUMENT_MASTER_KEYS. Exits 0 when every document is on the current key, 1 on a failure.
 */
await runDatabaseCommand('rewrap failed', async (database, config, logger) => {
  if (config.documentKeys.ephemeral) {
    throw new Error('DOCUMENT_MASTER_KEYS and DOCUMENT_MASTER_KEY_ID must be set: there is no key to rewrap with');
  }
  const rewrapped = await rewrapDocumentKeys(database.db, config.documentKeys);
  logger.info({ rewrapped, keyId: config.documentKeys.current }, `documents rewrapped: ${rewrapped}`);
});
