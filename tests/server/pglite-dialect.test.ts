import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inBackground } from '../../src/server/db/background-work.ts';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connection.ts';

// Our own PGlite dialect (src/server/db/pglite-dialect.ts): what the rest of
// the server relies on when it runs on the embedded database.
describe('PGlite dialect', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await sql`create table scratch (id int primary key, n int8 not null, rate numeric not null)`.execute(handle.db);
  });
  afterAll(() => handle.close());
  beforeEach(async () => {
    await sql`delete from scratch`.execute(handle.db);
  });

  const count = async () =>
    (await sql<{ c: number }>`select count(*)::int as c from scratch`.execute(handle.db)).rows[0]?.c;

  it('returns int8 as bigint, numeric as its exact string, and the affected row count', async () => {
    const inserted = await sql`insert into scratch values (1, 9007199254740993, 1.10), (2, -5, 0.000001)`.execute(
      handle.db,
    );
    expect(inserted.numAffectedRows).toBe(2n);
    const { rows } = await sql<{ n: bigint; rate: string }>`select n, rate from scratch order by id`.execute(handle.db);
    expect(rows).toEqual([
      { n: 9007199254740993n, rate: '1.10' },
      { n: -5n, rate: '0.000001' },
    ]);
    const updated = await sql`update scratch set n = n + 1 where id = 2`.execute(handle.db);
    expect(updated.numAffectedRows).toBe(1n);
  });

  it('runs concurrent transactions one after the other, and queries outside wait for the commit', async () => {
    await sql`insert into scratch values (10, 0, 0)`.execute(handle.db);
    const events: string[] = [];
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const increment = (name: string, after: number) =>
      sleep(after).then(() =>
        handle.db.transaction().execute(async (trx) => {
          events.push(`${name} begin`);
          const { rows } = await sql<{ n: bigint }>`select n from scratch where id = 10`.execute(trx);
          await sleep(50);
          await sql`update scratch set n = ${(rows[0]?.n ?? 0n) + 1n} where id = 10`.execute(trx);
          events.push(`${name} end`);
        }),
      );
    const outside = async () => {
      await sleep(10);
      const { rows } = await sql<{ n: bigint }>`select n from scratch where id = 10`.execute(handle.db);
      events.push(`outside saw ${rows[0]?.n}`);
    };
    // a starts first, the outside query next, b last: each waits for the one before.
    await Promise.all([increment('a', 0), outside(), increment('b', 20)]);
    expect(events).toEqual(['a begin', 'a end', 'outside saw 1', 'b begin', 'b end']);
    const { rows } = await sql<{ n: bigint }>`select n from scratch where id = 10`.execute(handle.db);
    expect(rows[0]?.n).toBe(2n);
  });

  it('lets a waiting call go before waiting background work, and background work in its turn once no call waits', async () => {
    await sql`insert into scratch values (20, 0, 0)`.execute(handle.db);
    const order: string[] = [];
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const holdFor = (ms: number) =>
      handle.db.transaction().execute(async (trx) => {
        await sql`update scratch set n = n + 1 where id = 20`.execute(trx);
        await sleep(ms);
      });
    const read = async (name: string) => {
      await sql`select n from scratch where id = 20`.execute(handle.db);
      order.push(name);
    };
    const held = holdFor(60);
    await sleep(5);
    // queued while the transaction holds the connection: two jobs first, then two calls
    const jobs = [inBackground(() => read('job 1')), inBackground(() => read('job 2'))];
    await sleep(5);
    const calls = [read('call 1'), read('call 2')];
    await Promise.all([held, ...jobs, ...calls]);
    expect(order).toEqual(['call 1', 'call 2', 'job 1', 'job 2']);
    // with no call waiting, background work does not wait at all
    await inBackground(() => read('job 3'));
    expect(order.at(-1)).toBe('job 3');
  });

  it('keeps background work waiting while a call goes on to its next statement, then lets it in', async () => {
    const order: string[] = [];
    const call = async () => {
      for (let n = 1; n <= 3; n += 1) {
        await sql`select ${n}::int`.execute(handle.db);
        order.push(`call ${n}`);
      }
    };
    const job = inBackground(async () => {
      await sql`select 0`.execute(handle.db);
      order.push('job');
    });
    await Promise.all([call(), job]);
    // the job asked while the call's first statement held the connection, and the call never waited for it
    expect(order).toEqual(['call 1', 'call 2', 'call 3', 'job']);
  });

  it('rolls back when the callback throws', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`insert into scratch values (20, 1, 1)`.execute(trx);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await count()).toBe(0);
  });

  it('refuses to report a commit that PostgreSQL turned into a rollback (SQLSTATE 25P02)', async () => {
    const attempt = handle.db.transaction().execute(async (trx) => {
      await sql`insert into scratch values (30, 1, 1)`.execute(trx);
      await sql`insert into scratch values (30, 1, 1)`.execute(trx).catch(() => undefined);
    });
    await expect(attempt).rejects.toMatchObject({ code: '25P02' });
    expect(await count()).toBe(0);
    // The connection is usable afterwards.
    await sql`insert into scratch values (31, 1, 1)`.execute(handle.db);
    expect(await count()).toBe(1);
  });

  it('refuses to stream', async () => {
    const stream = handle.db.selectNoFrom(sql<number>`1`.as('one')).stream();
    await expect(stream.next()).rejects.toThrow('Streaming is not supported by PGlite.');
  });
});
