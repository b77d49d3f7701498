import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache } from '../../../src/server/auth/session-cache.ts';
import { hashToken, TOUCH_INTERVAL_MS } from '../../../src/server/auth/sessions.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { registerCustomer } from '../../support/register-customer.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(DATABASE_KINDS)('sessions kept in memory on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const getUser = (token: string) => t.call('POST', '/api/main/user/get', { token, body: {} });
  const kept = (token: string) => t.deps.sessions?.read(hashToken(token), t.clock.now());

  it('serves a session active in the last minute from memory, and reads it again (sliding its expiry) after', async () => {
    const customer = await registerCustomer(t);
    expect((await getUser(customer.token)).status).toBe(200);
    expect(kept(customer.token)?.customerId).toBe(customer.user.id);
    const before = await t.deps.db
      .selectFrom('sessions')
      .select('idle_expires_at')
      .where('token_hash', '=', hashToken(customer.token))
      .executeTakeFirstOrThrow();
    t.clock.advance(TOUCH_INTERVAL_MS);
    expect(kept(customer.token)).toBeUndefined();
    expect((await getUser(customer.token)).status).toBe(200);
    const after = await t.deps.db
      .selectFrom('sessions')
      .select('idle_expires_at')
      .where('token_hash', '=', hashToken(customer.token))
      .executeTakeFirstOrThrow();
    expect(after.idle_expires_at.getTime()).toBe(before.idle_expires_at.getTime() + TOUCH_INTERVAL_MS);
  });

  it('ends a session signed out at once, though it was kept', async () => {
    const customer = await registerCustomer(t);
    expect((await getUser(customer.token)).status).toBe(200);
    expect((await t.call('POST', '/api/main/user/logout', { token: customer.token, body: {} })).status).toBe(200);
    expect((await getUser(customer.token)).status).toBe(401);
  });

  // by hand, on its own connection: heard only through the database's announcement, as another server's change is
  it('hears a session revoked and a customer blocked by hand in the database', async () => {
    const revoked = await registerCustomer(t);
    const blocked = await registerCustomer(t);
    expect((await getUser(revoked.token)).status).toBe(200);
    expect((await getUser(blocked.token)).status).toBe(200);
    await t.deps.db
      .updateTable('sessions')
      .set({ revoked_at: t.clock.now() })
      .where('token_hash', '=', hashToken(revoked.token))
      .execute();
    await t.deps.db.updateTable('customers').set({ status: 'blocked' }).where('id', '=', blocked.user.id).execute();
    await t.deps.sessions?.settled();
    expect(kept(revoked.token)).toBeUndefined();
    expect(kept(blocked.token)).toBeUndefined();
    expect((await getUser(revoked.token)).status).toBe(401);
    expect((await getUser(blocked.token)).status).toBe(403);
  });

  it('does not keep a read that a revocation overtook (its message can arrive before the read does)', () => {
    const cache = t.deps.sessions;
    if (!cache) throw new Error('the test app has no session cache');
    const now = t.clock.now();
    const read = (customerId: string) => ({
      session: { customerId, tokenHash: 'x', country: 'GB', active: true },
      lastSeenAt: now,
      idleExpiresAt: new Date(now.getTime() + TOUCH_INTERVAL_MS * 10),
      absoluteExpiresAt: new Date(now.getTime() + TOUCH_INTERVAL_MS * 100),
    });
    const before = cache.ticket();
    SessionCache.forgetCustomer('cus_someone_else');
    cache.keep('hash-overtaken', before, read('cus_a'));
    expect(cache.read('hash-overtaken', now)).toBeUndefined();
    cache.keep('hash-in-time', cache.ticket(), read('cus_b'));
    expect(cache.read('hash-in-time', now)?.customerId).toBe('cus_b');
  });
});
