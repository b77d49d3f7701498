import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABUSE_LIMITS } from '../../../src/server/abuse-limits/limits.ts';
import { outboxHandlers } from '../../../src/server/jobs/handlers.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { SANDBOX_CAPTCHA_TOKEN } from '../../../src/server/providers/captcha/sandbox-captcha.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { registerCustomer } from '../../support/register-customer.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

const URN = 'urn:sarraf:error:';

describe.each(DATABASE_KINDS)('changing the password of a signed-in customer on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const change = (token: string | undefined, body: unknown, from?: string) =>
    t.call('POST', '/api/main/user/change-password', { token, body, ...(from ? { from } : {}) });
  const login = (email: string, password: string) =>
    t.call('POST', '/api/main/user/login', { body: { email, password } });
  const me = (token: string) => t.call('POST', '/api/main/user/get', { token });
  const messagesTo = async (email: string): Promise<Array<{ subject: string }>> => {
    await new OutboxWorker(t.deps, outboxHandlers()).drain();
    return (await t.call('GET', `/sandbox/messages?to=${encodeURIComponent(email)}`)).body.data;
  };

  it('replaces the password, keeps this session, ends the others and sends a notice', async () => {
    const customer = await registerCustomer(t);
    const other = (await login(customer.email, customer.password)).body.data.token;
    const res = await change(customer.token, { old_password: customer.password, new_password: 'changed-pass1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { password_changed: true } });
    expect((await me(customer.token)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await login(customer.email, 'changed-pass1')).status).toBe(200);
    expect((await login(customer.email, customer.password)).status).toBe(404);
    const [notice] = await messagesTo(customer.email);
    expect(notice?.subject).toBe('Your Sarraf password was changed');
  });

  it('refuses a wrong old password with a 422 on old_password, and changes nothing', async () => {
    const customer = await registerCustomer(t);
    const before = (await messagesTo(customer.email)).length;
    const res = await change(customer.token, { old_password: 'not-mine-1', new_password: 'changed-pass1' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { type: `${URN}InvalidPassword`, message: 'The old password is incorrect', property_path: 'old_password' },
    ]);
    expect((await login(customer.email, customer.password)).status).toBe(200);
    expect((await messagesTo(customer.email)).length).toBe(before);
  });

  it('refuses a new password that breaks the rule or is the old one, naming new_password', async () => {
    const customer = await registerCustomer(t);
    const weak = await change(customer.token, { old_password: customer.password, new_password: 'abcdef' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0]).toMatchObject({
      type: `${URN}ValidationFailed`,
      property_path: 'new_password',
      message: 'A number and letter, and at least 6 characters.',
    });
    const same = await change(customer.token, { old_password: customer.password, new_password: customer.password });
    expect(same.status).toBe(400);
    expect(same.body.errors[0]).toEqual({
      type: `${URN}ValidationFailed`,
      message: 'The new password must be different from the old one',
      property_path: 'new_password',
    });
    const noOld = await change(customer.token, { old_password: '', new_password: 'changed-pass1' });
    expect(noOld.body.errors[0]).toMatchObject({ property_path: 'old_password' });
    expect((await login(customer.email, customer.password)).status).toBe(200);
  });

  it('needs a session', async () => {
    const res = await change(undefined, { old_password: 'secret12', new_password: 'changed-pass1' });
    expect(res.status).toBe(401);
  });

  it('stops guessing the old password in a session, and a right one clears them', async () => {
    const customer = await registerCustomer(t);
    const { max } = ABUSE_LIMITS.passwordChangeFailuresPerSession;
    const wrong = { old_password: 'not-mine-1', new_password: 'changed-pass1' };
    for (let n = 1; n < max; n++) expect((await change(customer.token, wrong)).status).toBe(422);
    const right = await change(customer.token, { old_password: customer.password, new_password: 'changed-pass1' });
    expect(right.status).toBe(200);
    for (let n = 0; n < max; n++) expect((await change(customer.token, wrong)).status).toBe(422);
    const over = await change(customer.token, { old_password: 'changed-pass1', new_password: 'changed-pass2' });
    expect(over.status).toBe(429);
    expect(over.body.errors[0]).toMatchObject({ type: `${URN}AttemptLimit`, property_path: 'old_password' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // the owner signing in afresh is not refused
    const fresh = (await login(customer.email, 'changed-pass1')).body.data.token;
    expect((await change(fresh, { old_password: 'changed-pass1', new_password: 'changed-pass2' })).status).toBe(200);
  });

  it('counts wrong old passwords against the caller address as failed sign-ins', async () => {
    const from = newCallerAddress();
    const { max } = ABUSE_LIMITS.signInFailuresPerAddress;
    const customer = await registerCustomer(t);
    for (let n = 0; n < max; n++) {
      await t.call('POST', '/api/main/user/login', {
        // past the address's captcha threshold each failure needs a solved captcha to count
        body: { email: `n${n}@example.test`, password: 'wrong-pass1', captcha_token: SANDBOX_CAPTCHA_TOKEN },
        from,
      });
    }
    const over = await change(customer.token, { old_password: customer.password, new_password: 'changed-pass1' }, from);
    expect(over.status).toBe(429);
    expect(over.body.errors[0].type).toBe(`${URN}AttemptLimit`);
  });
});
