import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxHandlers } from '../../../src/server/jobs/handlers.ts';
import { enqueueMessage, sendMessage } from '../../../src/server/jobs/message-send-handler.ts';
import { enqueue } from '../../../src/server/jobs/outbox.ts';
import { type OutboxHandler, OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(DATABASE_KINDS)('message.send and the sandbox outbox on %s', (kind) => {
  let t: TestApp;
  let worker: OutboxWorker;
  beforeAll(async () => {
    t = await createTestApp(kind);
    worker = new OutboxWorker(t.deps, outboxHandlers());
  });
  afterAll(() => t.close());

  const inbox = (to: string) => t.call('GET', `/sandbox/messages?to=${encodeURIComponent(to)}`);

  it('sends a queued e-mail only once its transaction commits, and shows it at /sandbox/messages', async () => {
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await enqueueMessage(trx, { channel: 'email', to: 'amina@example.test', subject: 'Lost', body: 'x' }, t.clock);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.deps.db
      .transaction()
      .execute((trx) =>
        enqueueMessage(
          trx,
          { channel: 'email', to: 'Amina@Example.test', subject: 'Your code', body: 'Your code is 482913' },
          t.clock,
        ),
      );
    expect((await inbox('amina@example.test')).body).toEqual({ data: [] });

    expect(await worker.drain()).toBe(1);

    const res = await inbox('amina@example.test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          id: expect.any(String),
          channel: 'email',
          to: 'Amina@Example.test',
          subject: 'Your code',
          body: 'Your code is 482913',
          created_at: t.clock.now().toISOString(),
        },
      ],
    });
    // once sent, the outbox keeps no copy of the code
    const rows = await t.deps.db.selectFrom('outbox_events').select(['status', 'payload']).execute();
    expect(rows).toEqual([{ status: 'done', payload: {} }]);
  });

  it('sends one message when its handler runs again after sending (a crash before the event was done)', async () => {
    let runs = 0;
    // Sends, then fails as a worker killed before marking the event done would: the retry sends again.
    const crashingOnce: OutboxHandler = async (payload, ctx) => {
      runs += 1;
      await sendMessage(payload, ctx);
      if (runs === 1) throw new Error('killed before the event was marked done');
    };
    const id = await enqueueMessage(
      t.deps.db,
      { channel: 'email', to: 'twice@example.test', subject: 'Your code', body: 'Your code is 113355' },
      t.clock,
    );
    const crashing = new OutboxWorker(t.deps, { 'message.send': crashingOnce });
    expect(await crashing.drain()).toBe(1);
    t.clock.advance(2_000);
    expect(await crashing.drain()).toBe(1);

    expect(runs).toBe(2);
    const event = await t.deps.db
      .selectFrom('outbox_events')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ status: 'done', attempts: 2 });
    const res = await inbox('twice@example.test');
    expect(res.body.data.map((m: { body: string }) => m.body)).toEqual(['Your code is 113355']);
  });

  it('lists one recipient’s messages newest first, at most 20', async () => {
    for (let i = 1; i <= 22; i++) {
      await enqueue(
        t.deps.db,
        { topic: 'message.send', payload: { channel: 'sms', to: '+46701234567', subject: null, body: `code ${i}` } },
        t.clock,
      );
      expect(await worker.drain()).toBe(1);
      t.clock.advance(1_000);
    }
    await enqueueMessage(t.deps.db, { channel: 'sms', to: '+252611234567', subject: null, body: 'other' }, t.clock);
    expect(await worker.drain()).toBe(1);

    const res = await inbox('+46701234567');
    expect(res.body.data).toHaveLength(20);
    expect(res.body.data[0]).toMatchObject({ channel: 'sms', to: '+46701234567', subject: null, body: 'code 22' });
    expect(res.body.data.map((m: { body: string }) => m.body)).toEqual(
      Array.from({ length: 20 }, (_, k) => `code ${22 - k}`),
    );
    expect((await inbox('+252611234567')).body.data.map((m: { body: string }) => m.body)).toEqual(['other']);
    // typed into a browser unencoded, the + arrives as a space
    const unencoded = await t.call('GET', '/sandbox/messages?to=+252611234567');
    expect(unencoded.body.data.map((m: { body: string }) => m.body)).toEqual(['other']);
  });

  it('leaves a message the provider refuses pending for a retry, with the reason', async () => {
    const id = await enqueueMessage(t.deps.db, { channel: 'sms', to: '0701234567', subject: null, body: 'x' }, t.clock);
    expect(await worker.drain()).toBe(1);
    const row = await t.deps.db.selectFrom('outbox_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'sandbox messaging refused the sms recipient',
    });
    expect((await inbox('0701234567')).body.data).toEqual([]);
  });

  it('refuses a malformed payload without sending anything', async () => {
    const id = await enqueue(t.deps.db, { topic: 'message.send', payload: { channel: 'fax', to: 'x' } }, t.clock);
    expect(await worker.drain()).toBe(1);
    const row = await t.deps.db.selectFrom('outbox_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.last_error).toMatch(/channel/);
  });

  it('requires the to parameter', async () => {
    for (const [path, type] of [
      ['/sandbox/messages', 'ValidationFailed'],
      // SPEC §8: a value left blank is ValueNotBeBlank
      ['/sandbox/messages?to=', 'ValueNotBeBlank'],
      ['/sandbox/messages?to=%20', 'ValueNotBeBlank'],
    ] as const) {
      const res = await t.call('GET', path);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ type: `urn:sarraf:error:${type}`, property_path: 'to' });
    }
  });

  it('is not mounted when sandbox mode is off', async () => {
    const production = await createTestApp(kind, { sandbox: false });
    try {
      const res = await production.call('GET', '/sandbox/messages?to=amina%40example.test');
      expect(res.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
