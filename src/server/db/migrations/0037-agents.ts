import { type Kysely, sql } from 'kysely';

/**
 * Agents (SPEC §1 "agent sign-up"): a registration started from an agent's
 * link (/sign-up?params=<agent code>) keeps the agent, and so does the
 * customer it creates. The first agent is seeded here, like the launch
 * corridors and promo codes: literal, reviewed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('agents_code_check', sql`code ~ '^[A-Z0-9-]{4,32}$'`)
    .execute();
  await sql`insert into agents (id, code, name) values ('agt_launch_hodan', 'HODAN-01', 'Hodan Money Services')`.execute(
    db,
  );
  for (const table of ['customers', 'registrations', 'bank_id_sessions']) {
    await sql`alter table ${sql.table(table)} add column agent_id text references agents (id)`.execute(db);
  }
}
