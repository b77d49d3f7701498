import type { Migration } from 'kysely/migration';
import * as platform from './0001-platform.ts';

/**
 * Every migration, in order. Names are stable forever: a migration once
 * released is never edited, only followed by another.
 */
export const migrations: Record<string, Migration> = {
  '0001-platform': platform,
};
