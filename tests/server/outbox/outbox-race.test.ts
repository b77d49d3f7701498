import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/server/clock.ts';
import { testConfig } from '../../../src/server/config.ts';
import { type DatabaseHandle, openDatabase } from '../../../src/server/db/connection.ts';
import type { AppDeps } from '../../../src/server/http/app-env.ts';
import { createLogger } from '../../../src/server/http/logger.ts';
import { enqueue } from '../../../src/server/jobs/outbox.ts';
import { type OutboxHandler, OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { sandboxProviders } from '../../../src/server/providers/sandbox-providers.ts';
import { createTestDatabase } from '../../support/databases.ts';

const EVENTS = 200;
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

// PGlite is one connection in one process: there is nothing to race. Set TEST_DATABASE_URL to run this.
describe.skipIf(!hasPostgres)('two outbox workers racing on one PostgreSQL', () => {
  let first: DatabaseHandle & { url?: string };
  let second: DatabaseHandle;
  const clock = new ManualClock();

  /** What one server process would hold: its own pool on the shared database. */
  function processDeps(database: DatabaseHandle): AppDeps {
    const config = testConfig();
    return {
      config,
      db: database.db,
      logger: createLogger('silent'),
      clock,
      providers: sandboxProviders({ db: database.db, config, clock }),
    };
  }

  beforeAll(async () => {
    first = await createTestDatabase('postgres');
    if (!first.url) throw new Error('the test database has no URL');
    second = await openDatabase({ databaseUrl: first.url });
    await sql`create table handled (event_id text primary key, worker_id text not null)`.execute(first.db);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('runs every event exactly once and shares the work', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < EVENTS; i++) ids.add(await enqueue(first.db, { topic: 'test.race', payload: { i } }, clock));

    const runs = new Map<string, number>();
    const handler =
      (workerId: string): OutboxHandler =>
      async (_payload, { deps, eventId }) => {
        runs.set(eventId, (runs.get(eventId) ?? 0) + 1);
        // A duplicate run would violate the primary key and fail the event.
        await sql`insert into handled (event_id, worker_id) values (${eventId}, ${workerId})`.execute(deps.db);
      };
    const workerA = new OutboxWorker(
      processDeps(first),
      { 'test.race': handler('a') },
      { workerId: 'a', batchSize: 5 },
    );
    const workerB = new OutboxWorker(
      processDeps(second),
      { 'test.race': handler('b') },
      { workerId: 'b', batchSize: 5 },
    );

    const [ranA, ranB] = await Promise.all([workerA.drain(), workerB.drain()]);

    expect(ranA + ranB).toBe(EVENTS);
    expect(ranA).toBeGreaterThan(0);
    expect(ranB).toBeGreaterThan(0);
    expect(runs.size).toBe(EVENTS);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(runs.keys())).toEqual(ids);

    const handled = await sql<{ worker_id: string; n: string }>`
      select worker_id, count(*)::text as n from handled group by worker_id order by worker_id`.execute(first.db);
    expect(handled.rows).toEqual([
      { worker_id: 'a', n: String(ranA) },
      { worker_id: 'b', n: String(ranB) },
    ]);
    const states = await first.db
      .selectFrom('outbox_events')
      .select(['status', 'attempts'])
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .groupBy(['status', 'attempts'])
      .execute();
    expect(states).toEqual([{ status: 'done', attempts: 1, n: BigInt(EVENTS) }]);
  });
});
