import { join } from 'node:path';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { databaseDocumentStore } from './database-document-store.ts';
import type { DocumentStore } from './document-store.ts';
import { fileDocumentStore } from './file-document-store.ts';
import { memoryDocumentStore } from './memory-document-store.ts';

/**
 * The store DOCUMENT_STORE names: the shared database's table, or beside an
 * embedded database its data directory's `documents/` (in memory with a
 * database in memory).
 */
export function documentStoreFor(
  config: Pick<Config, 'documentStore' | 'dataDir'>,
  db: Db,
  clock: Clock,
): DocumentStore {
  if (config.documentStore === 'database') return databaseDocumentStore(db, clock);
  return config.dataDir === 'memory://'
    ? memoryDocumentStore(clock)
    : fileDocumentStore(join(config.dataDir, 'documents'), clock);
}
