import type { Migration } from 'kysely/migration';
import * as platform from './0001-platform.ts';
import * as ledger from './0002-ledger.ts';
import * as outbox from './0003-outbox.ts';

/**
 * Every migration, in order. Names are stable forever: a migration once
 * released is never edited, only followed by another.
 */
export const migrations: Record<string, Migration> = {
  '0001-platform': platform,
  '0002-ledger': ledger,
  '0003-outbox': outbox,
};
