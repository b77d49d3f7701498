import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignedIn } from '../../../src/domain/contract/user.ts';
import { hashPassword } from '../../../src/server/auth/passwords.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { registerCustomer } from '../../support/register-customer.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(DATABASE_KINDS)('sign-in with e-mail and password on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) =>
    t.call('POST', '/api/main/user/login', { body: { email, password } });
  const typeOf = (res: { body: any }) => res.body.errors[0].type.replace('urn:sarraf:error:', '');

  it('signs a registered customer in with a new session, whatever the letter case of the address', async () => {
    const customer = await registerCustomer(t);
    const res = await login(`  ${customer.email.toUpperCase()}`, customer.password);
    expect(res.status).toBe(200);
    assert(res.body.data, SignedIn);
    expect(res.body.data.token).not.toBe(customer.token);
    expect(res.body.data.user).toMatchObject({ id: customer.user.id, email: customer.email });
    const me = await t.call('POST', '/api/main/user/get', { token: res.body.data.token });
    expect(me.body.data.user.id).toBe(customer.user.id);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const customer = await registerCustomer(t);
    const unknown = await login('nobody-here@example.test', customer.password);
    const wrongPassword = await login(customer.email, 'wrong-passw0rd');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      errors: [
        {
          type: 'urn:sarraf:error:CustomerNotFound',
          message: "We can't find your account with those details",
          property_path: null,
        },
      ],
    });
    expect(wrongPassword.status).toBe(unknown.status);
    expect(wrongPassword.body).toEqual(unknown.body);
  });

  it('refuses a malformed request with a 400 naming the field', async () => {
    const res = await t.call('POST', '/api/main/user/login', { body: { email: 'someone@example.test' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ type: 'urn:sarraf:error:ValidationFailed', property_path: 'password' });
  });

  it('tells only the owner that an account is blocked', async () => {
    const customer = await registerCustomer(t);
    await t.deps.db.updateTable('customers').set({ status: 'blocked' }).where('id', '=', customer.user.id).execute();
    expect(typeOf(await login(customer.email, 'wrong-passw0rd'))).toBe('CustomerNotFound');
    const right = await login(customer.email, customer.password);
    expect(right.status).toBe(403);
    expect(typeOf(right)).toBe('DisabledCustomer');
  });

  it('rehashes a password made at another cost when its owner signs in', async () => {
    const customer = await registerCustomer(t);
    const older = await hashPassword(customer.password, { memoryCost: 2048, timeCost: 2, parallelism: 1 });
    await t.deps.db.updateTable('customers').set({ password_hash: older }).where('id', '=', customer.user.id).execute();
    expect((await login(customer.email, customer.password)).status).toBe(200);
    const { password_hash } = await t.deps.db
      .selectFrom('customers')
      .select('password_hash')
      .where('id', '=', customer.user.id)
      .executeTakeFirstOrThrow();
    const { memoryCost, timeCost, parallelism } = t.deps.config.passwordHashing;
    expect(password_hash).toContain(`$m=${memoryCost},p=${parallelism},t=${timeCost}$`);
    expect((await login(customer.email, customer.password)).status).toBe(200);
  });

  it('signs out: the session stops working, and signing in again gives a new one', async () => {
    const customer = await registerCustomer(t);
    const out = await t.call('POST', '/api/main/user/logout', { token: customer.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ data: { logged_out: true } });
    const after = await t.call('POST', '/api/main/user/get', { token: customer.token });
    expect(after.status).toBe(401);
    expect(typeOf(after)).toBe('Unauthorized');
    expect((await t.call('POST', '/api/main/user/logout', { token: customer.token })).status).toBe(401);

    const again = await login(customer.email, customer.password);
    expect((await t.call('POST', '/api/main/user/get', { token: again.body.data.token })).status).toBe(200);
  });
});
