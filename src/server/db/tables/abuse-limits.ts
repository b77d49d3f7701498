import type { Timestamp } from './platform.ts';

/**
 * Hits against one abuse limit for one key within the current window; a
 * hit after `window_ends_at` starts a new window. Rows whose window has
 * ended are pruned.
 */
export interface AbuseLimitCountersTable {
  /** the limit's name (src/server/abuse-limits/limits.ts) */
  limit_name: string;
  /** SHA-256 of the key (an e-mail key, a client address…), hex: no address is kept in clear */
  key_hash: string;
  hits: number;
  window_ends_at: Timestamp;
}

export interface AbuseLimitTables {
  abuse_limit_counters: AbuseLimitCountersTable;
}
