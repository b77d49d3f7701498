import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { inBackground } from '../../src/server/db/background-work.ts';
import { openDatabase } from '../../src/server/db/connection.ts';

const url = process.env.TEST_DATABASE_URL;

/**
 * Background work (the outbox's jobs) takes PostgreSQL connections from a pool of its own: a job holding every
 * connection it may have leaves customers' calls theirs. Each pool here has one connection, and a call that cannot
 * get one within 2 s fails, so the test cannot hang.
 */
describe.skipIf(!url)('the jobs’ pool on PostgreSQL', () => {
  async function withJobHoldingItsConnection(
    jobsPoolSize: number,
    call: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<unknown>,
  ) {
    const handle = await openDatabase({
      databaseUrl: url,
      postgres: { poolSize: 1, jobsPoolSize, connectTimeoutMs: 2_000 },
    });
    let finish = () => {};
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let started = () => {};
    const holding = new Promise<void>((resolve) => {
      started = resolve;
    });
    const job = inBackground(() =>
      handle.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        started();
        await held;
      }),
    );
    await holding;
    try {
      return await call(handle.db);
    } finally {
      finish();
      await job;
      await handle.close();
    }
  }

  it('answers a call while a job holds the jobs’ only connection', async () => {
    const answer = await withJobHoldingItsConnection(1, (db) => sql<{ one: number }>`select 1 as one`.execute(db));
    expect(answer).toMatchObject({ rows: [{ one: 1 }] });
  });

  it('makes another job wait for the jobs’ connection, not take the calls’', async () => {
    await expect(withJobHoldingItsConnection(1, (db) => inBackground(() => sql`select 1`.execute(db)))).rejects.toThrow(
      /timeout/i,
    );
  });

  it('without a pool of their own, a job holding the only connection keeps a call waiting', async () => {
    await expect(withJobHoldingItsConnection(0, (db) => sql`select 1`.execute(db))).rejects.toThrow(/timeout/i);
  });
});
