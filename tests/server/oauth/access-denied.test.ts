import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { bearer, latestCode, passedGuest, startRegistration } from '../../support/register-customer.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

const URN = 'urn:sarraf:error:';
const newNumber = () => `1986${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
const newEmail = () => `denied-${crypto.randomUUID()}@example.test`;

/**
 * SPEC §8: the OAuth-style API answers 403 AccessDenied to a bearer token
 * that is live but does not open the call it is sent to (another channel's
 * registration, a bank-ID identification of another purpose, a guest
 * session); an unknown or ended token stays 401 Unauthorized. A refused call
 * changes nothing: the token still opens its own calls.
 */
describe.each(DATABASE_KINDS)('403 AccessDenied of the OAuth-style API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (path: string, token: string, body?: unknown) =>
    t.call('POST', `/api/oauth${path}`, { headers: bearer(token), from: newCallerAddress(), body });
  const expectDenied = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.errors).toEqual([{ type: `${URN}AccessDenied`, message: expect.any(String), property_path: null }]);
  };

  it("refuses an e-mail registration's token on the phone calls and on a guest's, and the token still works", async () => {
    const email = newEmail();
    const token = await startRegistration(t, { email, password: 'secret12', country: 'GB' });
    const code = await latestCode(t, email);
    expectDenied(await post('/otp/check', token, { code }));
    expectDenied(await post('/otp/reset', token));
    expectDenied(await post('/gcaptcha/v3', token, { token: 'anything' }));
    const checked = await post('/email/check', token, { code });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect((await post('/commit', token)).status).toBe(201);
    // committed: the registration has ended, so its token is unknown now, not denied
    const ended = await post('/otp/check', token, { code });
    expect(ended.status).toBe(401);
    expect(ended.body.errors[0].type).toBe(`${URN}Unauthorized`);
  });

  it("refuses a guest's token as a registration's or a bank-ID identification's", async () => {
    const guest = await passedGuest(t, newCallerAddress());
    expectDenied(await post('/email/check', guest, { code: '123456' }));
    expectDenied(await post('/commit', guest));
    expectDenied(await post('/bankid/check', guest));
  });

  it("refuses a bank-ID sign-in's token on a registration's calls, and bankid/ekyc", async () => {
    const started = await t.call('POST', '/api/oauth/bankid/init', {
      body: { purpose: 'login', country: 'SE', personal_number: newNumber() },
      from: newCallerAddress(),
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const token: string = started.body.data.bank_id_token;
    expectDenied(await post('/bankid/ekyc', token));
    expectDenied(await post('/email/reset', token));
    expectDenied(await post('/commit', token));
    // still the sign-in it was: not identified yet
    const check = await post('/bankid/check', token);
    expect(check.body.errors[0].type).toBe(`${URN}CantProceedWithProvidedDetails`);
  });

  it('answers an unknown token 401 Unauthorized, as before', async () => {
    for (const [path, body] of [
      ['/email/check', { code: '123456' }],
      ['/bankid/check', undefined],
      ['/gcaptcha/v2', { token: 'x' }],
    ] as const) {
      const res = await post(path, 'an-unknown-token-0123456789abcdef', body);
      expect(res.status, path).toBe(401);
      expect(res.body.errors[0].type, path).toBe(`${URN}Unauthorized`);
    }
  });
});
