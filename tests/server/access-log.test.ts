import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('request logging', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    app = createApp({ ...t.deps, logger: pino({ level: 'info' }, sink) });
  });
  afterAll(() => t.close());

  it('logs each API request once with its request id, and never the password or the query', async () => {
    await app.request('/api/main/user/login?email=amina@example.test', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-log-000001' },
      body: JSON.stringify({ email: 'amina@example.test', password: 'hunter22' }),
    });
    const requestLines = lines.filter((l) => l.msg === 'request');
    expect(requestLines).toEqual([
      expect.objectContaining({
        request_id: 'req-log-000001',
        method: 'POST',
        path: '/api/main/user/login',
        status: 404,
      }),
    ]);
    const all = JSON.stringify(lines);
    expect(all).not.toContain('hunter22');
    expect(all).not.toContain('amina@example.test');
  });
});
