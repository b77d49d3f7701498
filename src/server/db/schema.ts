import type { PlatformTables } from './tables/platform.ts';

/**
 * The whole database as Kysely sees it: one interface per area, merged.
 * Add an area's tables in `tables/<area>.ts` and extend this type.
 */
export interface Database extends PlatformTables {}
