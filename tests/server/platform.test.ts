import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/auth/sessions.ts';
import { insertCustomer } from '../support/customers.ts';
import { DATABASE_KINDS } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe.each(DATABASE_KINDS)('platform on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await insertCustomer(t.deps.db, { id: 'cus_1', email: 'amina@example.test' });
  });
  afterAll(() => t.close());

  it('generates an x-request-id when none is sent and echoes one that is', async () => {
    const generated = await t.call('GET', '/healthz');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await t.call('GET', '/healthz', { headers: { 'x-request-id': 'req-abc-12345' } });
    expect(echoed.headers.get('x-request-id')).toBe('req-abc-12345');
  });

  it('answers unknown API paths with a 404 in the error envelope', async () => {
    const res = await t.call('GET', '/api/main/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      errors: [{ type: 'urn:sarraf:error:NotFound', message: expect.any(String), property_path: null }],
    });
  });

  it('refuses a call without a session with 401 and accepts a live token', async () => {
    const missing = await t.call('POST', '/api/main/user/get');
    expect(missing.status).toBe(401);
    expect(missing.body.errors[0].type).toBe('urn:sarraf:error:Unauthorized');

    const { token } = await createSession(t.deps.db, t.deps.config, t.clock, 'cus_1');
    const ok = await t.call('POST', '/api/main/user/get', { token });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.email).toBe('amina@example.test');
  });

  it('refuses every signed-in call of a blocked customer with 403 DisabledCustomer', async () => {
    await insertCustomer(t.deps.db, { id: 'cus_blocked', email: 'blocked@example.test' });
    const { token } = await createSession(t.deps.db, t.deps.config, t.clock, 'cus_blocked');
    await t.deps.db.updateTable('customers').set({ status: 'blocked' }).where('id', '=', 'cus_blocked').execute();
    const res = await t.call('GET', '/api/main/api/v2/fx-rates?source_country_iso2=GB', { token });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].type).toBe('urn:sarraf:error:DisabledCustomer');
  });

  it('stores only a hash of the session token', async () => {
    const { token } = await createSession(t.deps.db, t.deps.config, t.clock, 'cus_1');
    const rows = await t.deps.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('expires a session after the idle time and after the absolute time', async () => {
    const { token } = await createSession(t.deps.db, t.deps.config, t.clock, 'cus_1');
    t.clock.advance(59 * 60_000);
    expect((await t.call('POST', '/api/main/user/get', { token })).status).toBe(200);
    t.clock.advance(61 * 60_000);
    expect((await t.call('POST', '/api/main/user/get', { token })).status).toBe(401);

    const second = await createSession(t.deps.db, t.deps.config, t.clock, 'cus_1');
    for (let i = 0; i < 13; i++) {
      t.clock.advance(59 * 60_000);
      const res = await t.call('POST', '/api/main/user/get', { token: second.token });
      expect(res.status).toBe(i < 12 ? 200 : 401);
    }
  });

  it("sets security headers on every response: on the API's, a policy that loads nothing and is never framed", async () => {
    for (const res of [
      await t.call('GET', '/healthz'),
      await t.call('POST', '/api/main/user/get', { token: 'no-such-session' }),
    ]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      // a page's own headers mean nothing on JSON
      expect(res.headers.get('permissions-policy')).toBeNull();
    }
  });

  it('refuses a body that breaks the contract with 400 naming the field, and changes nothing', async () => {
    const res = await t.call('POST', '/api/main/user/login', { body: { email: 42, password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ type: 'urn:sarraf:error:ValidationFailed', property_path: 'email' });
  });

  it('answers malformed JSON with 400 and an oversized body with 413, in the error envelope', async () => {
    const malformed = await t.call('POST', '/api/main/user/login', { body: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].type).toBe('urn:sarraf:error:ValidationFailed');
    const huge = await t.call('POST', '/api/main/user/login', { body: { email: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body.errors[0].type).toBe('urn:sarraf:error:PayloadTooLarge');
  });
});

describe.each(DATABASE_KINDS)('platform failure on %s', (kind) => {
  it('answers 500 OpsSomethingWentWrong without a stack trace when the database is gone', async () => {
    const t = await createTestApp(kind);
    const { token } = await createSession(
      t.deps.db,
      t.deps.config,
      t.clock,
      await insertCustomer(t.deps.db, { id: 'cus_2', email: 'hodan@example.test' }),
    );
    await t.close();
    const res = await t.call('POST', '/api/main/user/get', { token, headers: { 'x-request-id': 'req-failure-1' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      errors: [
        { type: 'urn:sarraf:error:OpsSomethingWentWrong', message: 'Something went wrong', property_path: null },
      ],
    });
    expect(res.headers.get('x-request-id')).toBe('req-failure-1');
  });
});
