import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const base = { release: '0.1.0', page: '/transfers/$transactionReference', locale: 'so' };

describe.each(DATABASE_KINDS)('the sandbox error collector on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const received = async () => (await t.call('GET', '/sandbox/error-reports')).body.data;

  it('keeps the errors, traces and session summaries it receives, and shows them', async () => {
    expect(await received()).toEqual([]);
    const events = [
      { kind: 'error', ...base, type: 'TypeError', message: 'x is undefined', frames: ['render (/assets/a.js:1:20)'] },
      { kind: 'trace', ...base, duration_ms: 42 },
      { kind: 'session', ...base, status: 'errored', pages: 3, duration_s: 61 },
    ];
    const sent = await t.call('POST', '/sandbox/error-reports', { body: { events } });
    expect(sent.status).toBe(204);
    expect(await received()).toEqual(events.map((event) => ({ ...event, received_at: expect.any(String) })));
  });

  it('refuses a batch with anything else in it (an address with values, another field, a bad kind) and keeps none of it', async () => {
    const before = (await received()).length;
    for (const event of [
      { kind: 'trace', ...base, page: '/home?email=amina@example.test', duration_ms: 1 },
      { kind: 'trace', ...base, duration_ms: 1, email: 'amina@example.test' },
      { kind: 'error', ...base, type: 'Error', message: 'x'.repeat(301), frames: [] },
      { kind: 'error', ...base, type: 'Error', message: 'x', frames: Array(11).fill('f (/a.js:1:1)') },
      { kind: 'session', ...base, status: 'crashed', pages: 1, duration_s: 1 },
      { kind: 'trace', ...base, duration_ms: 1.5 },
      { kind: 'replay', ...base },
    ]) {
      const res = await t.call('POST', '/sandbox/error-reports', {
        body: { events: [{ kind: 'trace', ...base, duration_ms: 1 }, event] },
      });
      expect(res.status, JSON.stringify(event)).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ type: expect.any(String), property_path: expect.any(String) });
    }
    const tooMany = Array.from({ length: 21 }, () => ({ kind: 'trace', ...base, duration_ms: 1 }));
    expect((await t.call('POST', '/sandbox/error-reports', { body: { events: tooMany } })).status).toBe(400);
    expect(await received()).toHaveLength(before);
  });
});
