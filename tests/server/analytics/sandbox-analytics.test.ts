import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(DATABASE_KINDS)('the sandbox analytics collector on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const events = async () => (await t.call('GET', '/sandbox/analytics/events')).body.data;

  it('keeps the page views it receives and shows them', async () => {
    expect(await events()).toEqual([]);
    const sent = await t.call('POST', '/sandbox/analytics/events', {
      body: { name: 'page_view', page: '/transfers/$transactionReference', locale: 'so' },
    });
    expect(sent.status).toBe(204);
    expect(await events()).toEqual([
      { name: 'page_view', page: '/transfers/$transactionReference', locale: 'so', received_at: expect.any(String) },
    ]);
  });

  it('refuses an event that could carry anything else (an e-mail, a query, another field) and keeps nothing of it', async () => {
    const before = (await events()).length;
    for (const body of [
      { name: 'page_view', page: '/home?email=amina@example.test', locale: 'en-GB' },
      { name: 'page_view', page: 'amina@example.test', locale: 'en-GB' },
      { name: 'page_view', page: '/home', locale: 'en-GB', email: 'amina@example.test' },
      { name: 'sign_up', page: '/home', locale: 'en-GB' },
      { name: 'page_view', page: '/home', locale: 'not a locale' },
    ]) {
      const res = await t.call('POST', '/sandbox/analytics/events', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ type: expect.any(String), property_path: expect.any(String) });
    }
    expect(await events()).toHaveLength(before);
  });
});
