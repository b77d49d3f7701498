import type { LedgerTables } from './tables/ledger.ts';
import type { OutboxTables } from './tables/outbox.ts';
import type { PlatformTables } from './tables/platform.ts';
import type { SandboxMessagingTables } from './tables/sandbox-messaging.ts';

/**
 * The whole database as Kysely sees it: one interface per area, merged.
 * Add an area's tables in `tables/<area>.ts` and extend this type.
 */
export interface Database extends PlatformTables, LedgerTables, OutboxTables, SandboxMessagingTables {}
