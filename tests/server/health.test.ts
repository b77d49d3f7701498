import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionCache } from '../../src/server/auth/session-cache.ts';
import { healthRoutes } from '../../src/server/http/health-routes.ts';
import { Readiness } from '../../src/server/readiness.ts';
import { DATABASE_KINDS } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const UNAVAILABLE = 'urn:sarraf:error:ServiceUnavailable';

async function readyz(readiness: Readiness) {
  const res = await healthRoutes(readiness).request('/readyz');
  return { status: res.status, body: (await res.json()) as any };
}

describe.each(DATABASE_KINDS)('health for a load balancer on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers /livez and /healthz while the process runs, and /readyz while the database answers at head', async () => {
    for (const path of ['/livez', '/healthz']) {
      const res = await t.call('GET', path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { status: 'ok' } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const ready = await t.call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ data: { status: 'ready' } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('is not ready once a shutdown has begun, whatever the database says', async () => {
    const readiness = new Readiness(t.deps.db, t.deps.sessions);
    expect((await readyz(readiness)).status).toBe(200);
    readiness.drain();
    expect(await readyz(readiness)).toEqual({
      status: 503,
      body: { errors: [{ type: UNAVAILABLE, message: 'Not ready: shutting down', property_path: null }] },
    });
  });

  it('is not ready while the session-change listener is down', async () => {
    const deaf = { listening: false } as SessionCache;
    const { status, body } = await readyz(new Readiness(t.deps.db, deaf));
    expect(status).toBe(503);
    expect(body.errors[0].message).toBe('Not ready: the session-change listener is down');
  });

  it('is not ready when the database lacks the newest migration this build knows', async () => {
    const head = await t.deps.db
      .selectFrom('kysely_migration' as any)
      .select(['name', 'timestamp'])
      .orderBy('name', 'desc')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .deleteFrom('kysely_migration' as any)
      .where('name', '=', head.name)
      .execute();
    try {
      const { status, body } = await readyz(new Readiness(t.deps.db, undefined));
      expect(status).toBe(503);
      expect(body.errors[0].message).toBe(`Not ready: the database lacks migration ${head.name}`);
    } finally {
      await t.deps.db
        .insertInto('kysely_migration' as any)
        .values(head)
        .execute();
    }
  });

  it('is not ready when the database does not answer within the deadline, and answers by then', async () => {
    const readiness = new Readiness(t.deps.db, undefined, 200);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // a transaction holds the migrations table: the readiness query waits behind it
    const holder = t.deps.db.transaction().execute(async (trx) => {
      await sql`lock table kysely_migration in access exclusive mode`.execute(trx);
      locked();
      await held;
    });
    await lockTaken;
    const started = Date.now();
    try {
      const { status, body } = await readyz(readiness);
      expect(status).toBe(503);
      expect(body.errors[0].message).toBe('Not ready: the database did not answer within 200 ms');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      release();
      await holder;
    }
  });

  it('runs one check at a time: probes arriving meanwhile share its answer', async () => {
    const readiness = new Readiness(t.deps.db, undefined);
    const [first, second] = [readiness.check(), readiness.check()];
    expect(first).toBe(second);
    expect(await first).toEqual({ ready: true, problems: [] });
  });
});
