import { RawNode, UpdateQueryNode } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueue } from '../../../src/server/jobs/outbox.ts';
import {
  DEFAULT_LEASE_MS,
  type OutboxHandler,
  OutboxWorker,
  type OutboxWorkerOptions,
  releaseAbandonedClaims,
  retryDelayMs,
} from '../../../src/server/jobs/outbox-worker.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

/** A promise the test settles by hand, to hold a handler mid-run. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('retryDelayMs', () => {
  it('doubles per attempt within its jitter band and caps at ten minutes', () => {
    expect(retryDelayMs(1, () => 0)).toBe(1_000);
    expect(retryDelayMs(1, () => 1)).toBe(2_000);
    expect(retryDelayMs(5, () => 0)).toBe(16_000);
    expect(retryDelayMs(5, () => 1)).toBe(32_000);
    expect(retryDelayMs(20, () => 1)).toBe(600_000);
    expect(retryDelayMs(20, () => 0)).toBe(300_000);
  });
});

describe.each(DATABASE_KINDS)('outbox worker on %s', (kind) => {
  let t: TestApp;
  let seen: { topic: string; eventId: string; attempt: number; payload: Record<string, unknown> }[];
  const recorder =
    (topic: string): OutboxHandler =>
    async (payload, { eventId, attempt }) => {
      seen.push({ topic, eventId, attempt, payload });
    };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    seen = [];
    await t.deps.db.deleteFrom('outbox_events').execute();
  });

  const eventRow = (id: string) =>
    t.deps.db.selectFrom('outbox_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('keeps no event from a rolled-back transaction and runs committed ones exactly once', async () => {
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await enqueue(trx, { topic: 'test.record', payload: { n: 1 } }, t.clock);
        throw new Error('business change failed');
      }),
    ).rejects.toThrow('business change failed');
    const committed = await t.deps.db
      .transaction()
      .execute((trx) => enqueue(trx, { topic: 'test.record', payload: { n: 2, note: 'héllo' } }, t.clock));

    const worker = new OutboxWorker(t.deps, { 'test.record': recorder('test.record') });
    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);

    expect(seen).toEqual([{ topic: 'test.record', eventId: committed, attempt: 1, payload: { n: 2, note: 'héllo' } }]);
    const row = await eventRow(committed);
    expect(row).toMatchObject({ status: 'done', attempts: 1, locked_by: null, locked_until: null, last_error: null });
    expect(row.processed_at).toEqual(t.clock.now());
    expect(await t.deps.db.selectFrom('outbox_events').select('id').execute()).toHaveLength(1);
  });

  it('holds an event back until its availableAt', async () => {
    const later = new Date(t.clock.now().getTime() + 60_000);
    await enqueue(t.deps.db, { topic: 'test.record', payload: {}, availableAt: later }, t.clock);
    const worker = new OutboxWorker(t.deps, { 'test.record': recorder('test.record') });
    expect(await worker.drain()).toBe(0);
    t.clock.advance(60_000);
    expect(await worker.drain()).toBe(1);
  });

  it('drains more events than one batch holds', async () => {
    for (let i = 0; i < 7; i++) await enqueue(t.deps.db, { topic: 'test.record', payload: { i } }, t.clock);
    const worker = new OutboxWorker(t.deps, { 'test.record': recorder('test.record') }, { batchSize: 3 });
    expect(await worker.drain()).toBe(7);
    expect(seen.map((s) => s.payload.i).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('with asyncBookkeeping, claims and records outcomes in transactions that do not wait for their flush', async () => {
    const statements: string[] = [];
    const watched = t.deps.db.withPlugin({
      transformQuery: ({ node }) => {
        if (RawNode.is(node)) statements.push(node.sqlFragments.join('?'));
        else if (UpdateQueryNode.is(node)) statements.push('update');
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    await enqueue(t.deps.db, { topic: 'test.record', payload: { n: 1 } }, t.clock);
    const worker = new OutboxWorker(
      { ...t.deps, db: watched },
      { 'test.record': recorder('test.record') },
      { asyncBookkeeping: true },
    );
    expect(await worker.drain()).toBe(1);
    expect(seen.map((s) => s.payload)).toEqual([{ n: 1 }]);
    // the claim, the outcome, and the empty claim that ends the drain: each after its own `set local`
    expect(statements).toEqual(Array(3).fill(['set local synchronous_commit = off', 'update']).flat());
    const [event] = await t.deps.db.selectFrom('outbox_events').select(['status', 'attempts']).execute();
    expect(event).toEqual({ status: 'done', attempts: 1 });
  });

  it('retries a failing handler with backoff, not before available_at, and gives up after maxAttempts', async () => {
    const attempts: number[] = [];
    const failing: OutboxHandler = async (_payload, { attempt }) => {
      attempts.push(attempt);
      throw new Error(`gateway timeout on try ${attempt}`);
    };
    const worker = new OutboxWorker(t.deps, { 'test.fail': failing }, { maxAttempts: 3 });
    const id = await enqueue(t.deps.db, { topic: 'test.fail', payload: {} }, t.clock);

    for (const attempt of [1, 2]) {
      const failedAt = t.clock.now().getTime();
      expect(await worker.drain()).toBe(1);
      const row = await eventRow(id);
      expect(row).toMatchObject({
        status: 'pending',
        attempts: attempt,
        last_error: `gateway timeout on try ${attempt}`,
      });
      expect(row.locked_until).toBeNull();
      const delay = row.available_at.getTime() - failedAt;
      expect(delay).toBeGreaterThanOrEqual(2 ** attempt * 500);
      expect(delay).toBeLessThanOrEqual(2 ** attempt * 1000);

      t.clock.advance(delay - 1);
      expect(await worker.drain()).toBe(0);
      t.clock.advance(1);
    }

    expect(await worker.drain()).toBe(1);
    const dead = await eventRow(id);
    expect(dead).toMatchObject({ status: 'dead', attempts: 3, last_error: 'gateway timeout on try 3' });
    expect(dead.processed_at).toEqual(t.clock.now());
    t.clock.advance(24 * 3600_000);
    expect(await worker.drain()).toBe(0);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('completes an event whose handler succeeds on a retry', async () => {
    let calls = 0;
    const flaky: OutboxHandler = async () => {
      calls += 1;
      if (calls === 1) throw new Error('connection reset');
    };
    const worker = new OutboxWorker(t.deps, { 'test.flaky': flaky });
    const id = await enqueue(t.deps.db, { topic: 'test.flaky', payload: {} }, t.clock);
    expect(await worker.drain()).toBe(1);
    t.clock.advance(2_000);
    expect(await worker.drain()).toBe(1);
    expect(await eventRow(id)).toMatchObject({ status: 'done', attempts: 2, last_error: 'connection reset' });
  });

  it('treats a topic without a handler as a failure to retry', async () => {
    const worker = new OutboxWorker(t.deps, {});
    const id = await enqueue(t.deps.db, { topic: 'test.unknown', payload: {} }, t.clock);
    expect(await worker.drain()).toBe(1);
    expect(await eventRow(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'no handler for topic test.unknown',
    });
  });

  /** A worker whose handler of `topic` runs until the test opens `held`; `started` opens when it begins. */
  function holdingWorker(topic: string, options: OutboxWorkerOptions) {
    const held = gate();
    const started = gate();
    const handler: OutboxHandler = async () => {
      started.open();
      await held.opened;
    };
    return { worker: new OutboxWorker(t.deps, { [topic]: handler }, options), held, started };
  }

  it('claims with a short lease; once a worker stops renewing, another takes over, and the late finisher is fenced', async () => {
    // a dead worker's events are taken over within 5 s: the lease, then a poll
    expect(DEFAULT_LEASE_MS).toBeLessThanOrEqual(4_000);
    // this worker's own lease, long in real time: it cannot renew while the test runs, as a worker that died
    const lease = 30_000;
    const {
      worker: stuck,
      held,
      started,
    } = holdingWorker('test.record', { workerId: 'stuck', leaseMs: lease, renewEveryMs: 20_000 });
    const rescuer = new OutboxWorker(t.deps, { 'test.record': recorder('test.record') }, { workerId: 'rescuer' });
    const id = await enqueue(t.deps.db, { topic: 'test.record', payload: {} }, t.clock);

    const stuckDrain = stuck.drain();
    await started.opened;
    expect(await eventRow(id)).toMatchObject({
      locked_by: 'stuck',
      attempts: 1,
      locked_until: new Date(t.clock.now().getTime() + lease),
    });
    expect(await rescuer.drain()).toBe(0);

    t.clock.advance(lease - 1);
    expect(await rescuer.drain()).toBe(0);
    t.clock.advance(1);
    expect(await rescuer.drain()).toBe(1);
    expect(seen).toEqual([{ topic: 'test.record', eventId: id, attempt: 2, payload: {} }]);
    const processedAt = (await eventRow(id)).processed_at;

    t.clock.advance(5_000);
    held.open();
    expect(await stuckDrain).toBe(1);
    const row = await eventRow(id);
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
    expect(row.processed_at).toEqual(processedAt);
  });

  it('renews the lease while a long handler runs, so no other worker takes the event over', async () => {
    const { worker: keeper, held, started } = holdingWorker('test.long', { workerId: 'keeper', renewEveryMs: 5 });
    const rescuer = new OutboxWorker(t.deps, { 'test.long': recorder('test.long') }, { workerId: 'rescuer' });
    const id = await enqueue(t.deps.db, { topic: 'test.long', payload: {} }, t.clock);
    const keeperDrain = keeper.drain();
    await started.opened;

    // Five times the lease in all: each step is past the lease the last renewal left but one.
    for (let step = 0; step < 5; step += 1) {
      t.clock.advance(DEFAULT_LEASE_MS - 1);
      const renewedUntil = new Date(t.clock.now().getTime() + DEFAULT_LEASE_MS);
      await vi.waitFor(async () => expect((await eventRow(id)).locked_until).toEqual(renewedUntil));
      expect(await rescuer.drain()).toBe(0);
    }

    held.open();
    expect(await keeperDrain).toBe(1);
    expect(seen).toEqual([]);
    expect(await eventRow(id)).toMatchObject({ status: 'done', attempts: 1, locked_by: null, locked_until: null });
  });

  it('gives up its claims when stopped with a handler still running, so another worker takes the event at once', async () => {
    const { worker: leaving, held, started } = holdingWorker('test.record', { workerId: 'leaving', pollMs: 5 });
    const rescuer = new OutboxWorker(t.deps, { 'test.record': recorder('test.record') }, { workerId: 'rescuer' });
    const id = await enqueue(t.deps.db, { topic: 'test.record', payload: {} }, t.clock);
    leaving.start();
    await started.opened;
    await leaving.stop({ releaseAfterMs: 10 });
    expect(await eventRow(id)).toMatchObject({ status: 'pending', locked_by: null, locked_until: null, attempts: 1 });

    // no time passes: the claim was given up, not left to run out
    expect(await rescuer.drain()).toBe(1);
    expect(seen).toEqual([{ topic: 'test.record', eventId: id, attempt: 2, payload: {} }]);
    held.open();
    await vi.waitFor(async () => expect(await eventRow(id)).toMatchObject({ status: 'done', attempts: 2 }));
  });

  it('frees at start every claim a gone process left on a database only one process opens', async () => {
    const id = await enqueue(t.deps.db, { topic: 'test.record', payload: {} }, t.clock);
    await t.deps.db
      .updateTable('outbox_events')
      .set({ locked_by: 'gone', locked_until: new Date(t.clock.now().getTime() + 60_000), attempts: 1 })
      .where('id', '=', id)
      .execute();
    expect(await releaseAbandonedClaims(t.deps.db)).toBe(1);
    const worker = new OutboxWorker(t.deps, { 'test.record': recorder('test.record') });
    expect(await worker.drain()).toBe(1);
    expect(seen).toEqual([{ topic: 'test.record', eventId: id, attempt: 2, payload: {} }]);
  });

  it('fills a slot as soon as it frees: a slow handler holds up no other event', async () => {
    const held = gate();
    const slow: OutboxHandler = () => held.opened;
    const worker = new OutboxWorker(
      t.deps,
      { 'test.long': slow, 'test.record': recorder('test.record') },
      { batchSize: 2 },
    );
    await enqueue(t.deps.db, { topic: 'test.long', payload: {} }, t.clock);
    t.clock.advance(1);
    for (const n of [1, 2, 3]) await enqueue(t.deps.db, { topic: 'test.record', payload: { n } }, t.clock);
    const drained = worker.drain();
    await vi.waitFor(() => expect(seen.map((event) => event.payload.n).sort()).toEqual([1, 2, 3]));
    held.open();
    expect(await drained).toBe(4);
  });

  it('refuses a lease renewed less often than it lasts', () => {
    expect(() => new OutboxWorker(t.deps, {}, { leaseMs: 10_000, renewEveryMs: 10_000 })).toThrow(
      'the outbox lease must be renewed more often than it lasts',
    );
  });

  it('marks dead, without running it again, an event whose last attempt lost its lease', async () => {
    const held = gate();
    const started = gate();
    const options = { leaseMs: 10_000, renewEveryMs: 9_000, maxAttempts: 1 };
    const stuck = new OutboxWorker(
      t.deps,
      {
        'test.record': async () => {
          started.open();
          await held.opened;
        },
      },
      options,
    );
    const id = await enqueue(t.deps.db, { topic: 'test.record', payload: {} }, t.clock);
    const stuckDrain = stuck.drain();
    await started.opened;

    t.clock.advance(10_000);
    const rescuer = new OutboxWorker(t.deps, { 'test.record': recorder('test.record') }, options);
    expect(await rescuer.drain()).toBe(0);
    expect(seen).toEqual([]);
    expect(await eventRow(id)).toMatchObject({
      status: 'dead',
      last_error: 'the last attempt did not finish before its lease expired',
    });
    held.open();
    await stuckDrain;
    expect((await eventRow(id)).status).toBe('dead');
  });

  it('polls in the background once started, and stop() lets the in-flight batch finish', async () => {
    const held = gate();
    const started = gate();
    let finished = 0;
    const worker = new OutboxWorker(
      t.deps,
      {
        'test.slow': async () => {
          started.open();
          await held.opened;
          finished += 1;
        },
      },
      { pollMs: 5 },
    );
    worker.start();
    const id = await enqueue(t.deps.db, { topic: 'test.slow', payload: {} }, t.clock);
    await started.opened;

    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    held.open();
    await stopping;
    expect(finished).toBe(1);
    expect((await eventRow(id)).status).toBe('done');

    const afterStop = await enqueue(t.deps.db, { topic: 'test.slow', payload: {} }, t.clock);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect((await eventRow(afterStop)).status).toBe('pending');
  });

  it('keeps polling after a failed poll', async () => {
    let broken = true;
    const deps = {
      ...t.deps,
      clock: {
        now: () => {
          if (broken) throw new Error('clock unavailable');
          return t.clock.now();
        },
        sleep: (ms: number) => t.clock.sleep(ms),
      },
    };
    const error = vi.spyOn(t.deps.logger, 'error');
    const worker = new OutboxWorker(deps, { 'test.record': recorder('test.record') }, { pollMs: 5 });
    try {
      worker.start();
      await vi.waitFor(() => expect(error).toHaveBeenCalledWith(expect.anything(), 'outbox poll failed'));
      broken = false;
      await enqueue(t.deps.db, { topic: 'test.record', payload: {} }, t.clock);
      await vi.waitFor(() => expect(seen).toHaveLength(1));
    } finally {
      await worker.stop();
      error.mockRestore();
    }
  });
});
