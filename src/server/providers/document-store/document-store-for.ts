import { join } from 'node:path';
import type { Clock } from '../../clock.ts';
import type { DocumentStore } from './document-store.ts';
import { fileDocumentStore } from './file-document-store.ts';
import { memoryDocumentStore } from './memory-document-store.ts';

/** The store beside the database: in memory with a database in memory, else `documents/` in the data directory. */
export function documentStoreFor(dataDir: string, clock: Clock): DocumentStore {
  return dataDir === 'memory://' ? memoryDocumentStore(clock) : fileDocumentStore(join(dataDir, 'documents'), clock);
}
