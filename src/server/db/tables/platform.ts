import type { ColumnType } from 'kysely';

/** Column types every area's tables share. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
