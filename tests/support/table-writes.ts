import { sql } from 'kysely';
import type { Db } from '../../src/server/db/connection.ts';

/** Rows written (inserted, updated or deleted) so far, by table. */
export type WriteCounts = Map<string, number>;

const COUNTS = 'test_table_writes';

/**
 * Counts every row any statement inserts, updates or deletes in any table of
 * a test database, with a row trigger on each table, so a test can tell in
 * one cheap query whether a request wrote anything. Returns the reader.
 */
export async function countTableWrites(db: Db): Promise<() => Promise<WriteCounts>> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  await sql`create table ${sql.table(COUNTS)} (name text primary key, writes int8 not null)`.execute(db);
  await sql`
    create function test_count_write() returns trigger language plpgsql as $$
    begin
      insert into ${sql.table(COUNTS)} as counted (name, writes) values (TG_TABLE_NAME, 1)
      on conflict (name) do update set writes = counted.writes + 1;
      return null;
    end $$`.execute(db);
  for (const { name } of rows) {
    await sql`create trigger test_count_write after insert or update or delete on ${sql.table(name)}
      for each row execute function test_count_write()`.execute(db);
  }
  return async () => {
    const counted = await sql<{ name: string; writes: string }>`
      select name, writes::text as writes from ${sql.table(COUNTS)}`.execute(db);
    return new Map(counted.rows.map((row) => [row.name, Number(row.writes)]));
  };
}

/** The tables written to between two readings. */
export function writtenTables(before: WriteCounts, after: WriteCounts): string[] {
  return [...after].filter(([name, writes]) => before.get(name) !== writes).map(([name]) => name);
}
