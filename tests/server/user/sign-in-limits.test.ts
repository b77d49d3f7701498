import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABUSE_LIMITS, SIGN_IN_CAPTCHA_AFTER } from '../../../src/server/abuse-limits/limits.ts';
import { SANDBOX_CAPTCHA_TOKEN } from '../../../src/server/providers/captcha/sandbox-captcha.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { registerCustomer } from '../../support/register-customer.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const PER_ACCOUNT = ABUSE_LIMITS.signInFailuresPerAccountAddress;
const PER_ADDRESS = ABUSE_LIMITS.signInFailuresPerAddress;

describe.each(DATABASE_KINDS)('sign-in abuse limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, from: string, captcha?: string) =>
    t.call('POST', '/api/main/user/login', {
      body: { email, password, ...(captcha === undefined ? {} : { captcha_token: captcha }) },
      from,
    });
  const typeOf = (res: { body: any }) => res.body.errors?.[0].type.replace('urn:sarraf:error:', '');
  const ghost = () => `ghost-${crypto.randomUUID()}@example.test`;

  /** `count` wrong passwords for `email` from `from`, with the sandbox captcha once it is needed. */
  async function fail(email: string, from: string, count: number) {
    for (let i = 0; i < count; i++) {
      expect(typeOf(await login(email, `wrong-${i}-passw0rd`, from, SANDBOX_CAPTCHA_TOKEN))).toBe('CustomerNotFound');
    }
  }

  it('asks that address for a captcha from the 4th attempt at one e-mail, and takes the sandbox token', async () => {
    const owner = await registerCustomer(t);
    const stranger = newCallerAddress();
    for (let i = 0; i < SIGN_IN_CAPTCHA_AFTER; i++) {
      expect(typeOf(await login(owner.email, `wrong-${i}-passw0rd`, stranger))).toBe('CustomerNotFound');
    }
    const missing = await login(owner.email, owner.password, stranger);
    expect(missing.status).toBe(403);
    expect(missing.body.errors).toEqual([
      {
        type: 'urn:sarraf:error:CaptchaRequired',
        message: 'Confirm that you are not a robot, then sign in again.',
        property_path: 'captcha_token',
      },
    ]);
    const invalid = await login(owner.email, owner.password, stranger, 'not-the-token');
    expect(invalid.status).toBe(403);
    expect(typeOf(invalid)).toBe('CaptchaInvalid');
    // refused captchas are no guesses: the right password with a solved captcha still gets in
    expect((await login(owner.email, owner.password, stranger, SANDBOX_CAPTCHA_TOKEN)).status).toBe(200);
    // and that sign-in cleared the address's failures for the e-mail
    expect(typeOf(await login(owner.email, 'wrong-passw0rd', stranger))).toBe('CustomerNotFound');
  });

  it("hands out the sandbox captcha's token from its widget endpoint", async () => {
    const solved = await t.call('POST', '/sandbox/captcha/solve');
    expect(solved.status).toBe(200);
    expect(solved.body).toEqual({ data: { token: SANDBOX_CAPTCHA_TOKEN } });
  });

  it("never lets a stranger's failures lock the owner out from another address", async () => {
    const owner = await registerCustomer(t);
    const stranger = newCallerAddress();
    await fail(owner.email, stranger, PER_ACCOUNT.max);
    const locked = await login(owner.email, owner.password, stranger, SANDBOX_CAPTCHA_TOKEN);
    expect(locked.status).toBe(429);
    expect(typeOf(locked)).toBe('AttemptLimit');

    // the owner, elsewhere: no captcha, no wait, signed in
    const home = newCallerAddress();
    const before = t.clock.now().getTime();
    const signedIn = await login(owner.email, owner.password, home);
    expect(signedIn.status).toBe(200);
    expect(t.clock.now().getTime()).toBe(before);
  });

  it('refuses the 11th failure for one e-mail from one address for 15 minutes, saying when to retry', async () => {
    const owner = await registerCustomer(t);
    const from = newCallerAddress();
    t.clock.advance(MINUTE);
    const started = t.clock.now().getTime();
    await fail(owner.email, from, PER_ACCOUNT.max);
    const elapsed = t.clock.now().getTime() - started; // the pauses moved the clock
    const refused = await login(owner.email, owner.password, from, SANDBOX_CAPTCHA_TOKEN);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toEqual({
      type: 'urn:sarraf:error:AttemptLimit',
      message: 'Too many failed sign-ins. Try again later, or reset your password.',
      property_path: null,
    });
    expect(refused.headers.get('retry-after')).toBe(String((15 * MINUTE - elapsed) / SECOND));

    t.clock.advance(15 * MINUTE - elapsed - SECOND);
    expect((await login(owner.email, owner.password, from, SANDBOX_CAPTCHA_TOKEN)).status).toBe(429);
    t.clock.advance(SECOND);
    // a new window: no captcha needed yet, and the right password gets in
    expect((await login(owner.email, owner.password, from)).status).toBe(200);
  });

  it('slows failures after the third: 1, 2, 4, then 8 seconds before each answer', async () => {
    const email = ghost();
    const from = newCallerAddress();
    const pauses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const before = t.clock.now().getTime();
      expect(typeOf(await login(email, `guess-${i}-passw0rd`, from, SANDBOX_CAPTCHA_TOKEN))).toBe('CustomerNotFound');
      pauses.push((t.clock.now().getTime() - before) / SECOND);
    }
    expect(pauses).toEqual([0, 0, 0, 1, 2, 4, 8, 8]);
  });

  it('refuses more than 30 failures from one address across accounts, and only that address', async () => {
    const owner = await registerCustomer(t);
    const from = newCallerAddress();
    t.clock.advance(MINUTE);
    for (let i = 0; i < PER_ADDRESS.max; i++) {
      expect(typeOf(await login(ghost(), 'guess-passw0rd', from))).toBe('CustomerNotFound');
    }
    const refused = await login(owner.email, owner.password, from);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({
      type: 'urn:sarraf:error:AttemptLimit',
      message: 'Too many attempts from your network. Try again later.',
    });
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect((await login(owner.email, owner.password, newCallerAddress())).status).toBe(200);
    t.clock.advance(60 * MINUTE);
    expect((await login(owner.email, owner.password, from)).status).toBe(200);
  });

  it('does not count successful sign-ins against the address', async () => {
    const owner = await registerCustomer(t);
    const from = newCallerAddress();
    for (let i = 0; i < PER_ADDRESS.max - 1; i++) {
      expect(typeOf(await login(ghost(), 'guess-passw0rd', from))).toBe('CustomerNotFound');
    }
    for (let i = 0; i < 3; i++) expect((await login(owner.email, owner.password, from)).status).toBe(200);
    expect(typeOf(await login(ghost(), 'guess-passw0rd', from))).toBe('CustomerNotFound');
    expect(typeOf(await login(ghost(), 'guess-passw0rd', from))).toBe('AttemptLimit');
  });

  it('answers every step alike for an unknown e-mail and a wrong password, limits included', async () => {
    const owner = await registerCustomer(t);
    const walk = async (email: string) => {
      const from = newCallerAddress();
      const steps: unknown[] = [];
      const step = async (captcha?: string) => {
        const before = t.clock.now().getTime();
        const res = await login(email, 'not-the-passw0rd', from, captcha);
        steps.push({
          status: res.status,
          body: res.body,
          retryAfter: res.headers.get('retry-after'),
          paused: t.clock.now().getTime() - before,
        });
      };
      for (let i = 0; i < SIGN_IN_CAPTCHA_AFTER; i++) await step();
      await step();
      await step('not-the-token');
      for (let i = SIGN_IN_CAPTCHA_AFTER; i < PER_ACCOUNT.max + 1; i++) await step(SANDBOX_CAPTCHA_TOKEN);
      return steps;
    };
    const wrongPassword = await walk(owner.email);
    const unknown = await walk(ghost());
    expect(unknown).toEqual(wrongPassword);
    expect(wrongPassword.map((s: any) => s.status)).toEqual([
      404, 404, 404, 403, 403, 404, 404, 404, 404, 404, 404, 404, 429,
    ]);
  });

  it('lets no more than 3 unchecked guesses, nor more than 10 in all, through however many arrive at once', async () => {
    const owner = await registerCustomer(t);
    const from = newCallerAddress();
    const burst = (captcha?: string) =>
      Promise.all(Array.from({ length: 16 }, (_, i) => login(owner.email, `burst-${i}-passw0rd`, from, captcha)));
    const count = (results: { body: any }[]) =>
      Object.fromEntries(
        [...new Set(results.map(typeOf))].map((type) => [type, results.filter((r) => typeOf(r) === type).length]),
      );

    // a captcha refusal is given back once answered; meanwhile it may take the count over the cap
    const unchecked = count(await burst());
    expect(unchecked.CustomerNotFound).toBe(3);
    expect((unchecked.CaptchaRequired ?? 0) + (unchecked.AttemptLimit ?? 0)).toBe(13);
    expect(count(await burst(SANDBOX_CAPTCHA_TOKEN))).toEqual({ CustomerNotFound: 7, AttemptLimit: 9 });
    expect(typeOf(await login(owner.email, owner.password, from, SANDBOX_CAPTCHA_TOKEN))).toBe('AttemptLimit');
    expect((await login(owner.email, owner.password, newCallerAddress())).status).toBe(200);
  });
});
