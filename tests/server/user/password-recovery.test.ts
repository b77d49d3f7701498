import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeTimes } from '../../../src/domain/contract/one-time-codes.ts';
import { ABUSE_LIMITS } from '../../../src/server/abuse-limits/limits.ts';
import { outboxHandlers } from '../../../src/server/jobs/handlers.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { latestCode, registerCustomer } from '../../support/register-customer.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const URN = 'urn:sarraf:error:';

describe.each(DATABASE_KINDS)('password recovery by e-mailed code on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const askCode = (email: string, from?: string) =>
    t.call('POST', '/api/main/user/reset-password', { body: { email }, ...(from ? { from } : {}) });
  const setPassword = (body: { email: string; code: string; password: string }, from?: string) =>
    t.call('POST', '/api/main/user/change-password-token', { body, ...(from ? { from } : {}) });
  const login = (email: string, password: string) =>
    t.call('POST', '/api/main/user/login', { body: { email, password } });
  const typeOf = (res: { body: any }) => res.body.errors[0].type.replace(URN, '');
  /** Every message the sandbox outbox holds for `email`, newest first, once the outbox is delivered. */
  const messagesTo = async (email: string): Promise<Array<{ subject: string; body: string }>> => {
    await new OutboxWorker(t.deps, outboxHandlers()).drain();
    const res = await t.call('GET', `/sandbox/messages?to=${encodeURIComponent(email)}`);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  /** A six-digit code other than `code`. */
  const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

  it('e-mails a code, and the code sets a new password that signs in while the old one no longer does', async () => {
    const customer = await registerCustomer(t);
    const asked = await askCode(customer.email.toUpperCase());
    expect(asked.status).toBe(202);
    assert(asked.body.data, CodeTimes);
    const now = t.clock.now().getTime();
    expect(Date.parse(asked.body.data.code_expires_at)).toBe(now + 10 * MINUTE);
    expect(Date.parse(asked.body.data.resend_available_at)).toBe(now + 60 * SECOND);
    const [mail] = await messagesTo(customer.email);
    expect(mail?.body).toContain('reset your Sarraf password');
    const code = await latestCode(t, customer.email);

    const changed = await setPassword({ email: customer.email, code, password: 'brand-new-9' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ data: { password_changed: true } });
    expect((await login(customer.email, 'brand-new-9')).status).toBe(200);
    expect(typeOf(await login(customer.email, customer.password))).toBe('CustomerNotFound');
    const [notice] = await messagesTo(customer.email);
    expect(notice?.subject).toBe('Your Sarraf password was changed');
  });

  it('ends every session of the customer, and does not sign in', async () => {
    const customer = await registerCustomer(t);
    const other = await login(customer.email, customer.password);
    expect((await t.call('POST', '/api/main/user/get', { token: customer.token })).status).toBe(200);
    await askCode(customer.email);
    const code = await latestCode(t, customer.email);
    const changed = await setPassword({ email: customer.email, code, password: 'another-pass1' });
    expect(changed.body.data).not.toHaveProperty('token');
    for (const token of [customer.token, other.body.data.token]) {
      const me = await t.call('POST', '/api/main/user/get', { token });
      expect(me.status).toBe(401);
    }
  });

  it('answers a registered and an unregistered e-mail alike, and e-mails only the registered one', async () => {
    const customer = await registerCustomer(t);
    const stranger = `nobody-${crypto.randomUUID()}@example.test`;
    const before = (await messagesTo(customer.email)).length;
    const registered = await askCode(customer.email);
    const unregistered = await askCode(stranger);
    expect(unregistered.status).toBe(registered.status);
    expect(unregistered.body).toEqual(registered.body);
    expect(await messagesTo(stranger)).toEqual([]);
    expect((await messagesTo(customer.email)).length).toBe(before + 1);

    // asking again too soon, and a wrong code, answer alike too
    const againRegistered = await askCode(customer.email);
    const againUnregistered = await askCode(stranger);
    expect(againRegistered.status).toBe(429);
    // an e-mailed code asked for again too soon: SPEC §8's EmailSendExist (a texted one's is OTPAlreadySent)
    expect(againRegistered.body.errors[0].type).toBe('urn:sarraf:error:EmailSendExist');
    expect(againUnregistered.body).toEqual(againRegistered.body);
    const wrongRegistered = await setPassword({ email: customer.email, code: '000000', password: 'secret99' });
    const wrongUnregistered = await setPassword({ email: stranger, code: '000000', password: 'secret99' });
    // 000000 could be the real code once in a million runs
    if (wrongRegistered.status !== 200) {
      expect(wrongUnregistered.status).toBe(wrongRegistered.status);
      expect(wrongUnregistered.body).toEqual(wrongRegistered.body);
    }
  });

  it('says how many tries are left, and burns the code at the fifth wrong one, even from many addresses', async () => {
    const customer = await registerCustomer(t);
    await askCode(customer.email);
    const code = await latestCode(t, customer.email);
    for (let n = 1; n < 5; n++) {
      const res = await setPassword({ email: customer.email, code: wrong(code, n), password: 'secret99' });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([
        {
          type: `${URN}CodeMismatch`,
          message: `The verification code is incorrect. ${5 - n} ${5 - n === 1 ? 'try' : 'tries'} left.`,
          property_path: 'code',
        },
      ]);
    }
    const fifth = await setPassword({ email: customer.email, code: wrong(code, 5), password: 'secret99' });
    expect(fifth.status).toBe(429);
    expect(fifth.body.errors[0]).toMatchObject({ type: `${URN}AttemptLimit`, property_path: 'code' });
    const right = await setPassword({ email: customer.email, code, password: 'secret99' });
    expect(typeOf(right)).toBe('AttemptLimit');
    expect((await login(customer.email, customer.password)).status).toBe(200);

    // a new code works again
    t.clock.advance(60 * SECOND);
    await askCode(customer.email);
    const fresh = await latestCode(t, customer.email);
    expect((await setPassword({ email: customer.email, code: fresh, password: 'secret99' })).status).toBe(200);
  });

  it('takes a code once, keeps only the newest, and refuses one past ten minutes', async () => {
    const customer = await registerCustomer(t);
    await askCode(customer.email);
    const first = await latestCode(t, customer.email);
    t.clock.advance(60 * SECOND);
    expect((await askCode(customer.email)).status).toBe(202);
    const second = await latestCode(t, customer.email);
    if (first !== second) {
      const old = await setPassword({ email: customer.email, code: first, password: 'secret99' });
      expect(typeOf(old)).toBe('CodeMismatch');
    }
    expect((await setPassword({ email: customer.email, code: second, password: 'secret99' })).status).toBe(200);
    await messagesTo(customer.email);
    const reused = await setPassword({ email: customer.email, code: second, password: 'secret77' });
    expect(reused.status).toBe(422);
    expect(reused.body.errors[0]).toMatchObject({
      type: `${URN}CodeMismatch`,
      message: 'The verification code has expired. Ask for a new code.',
      property_path: 'code',
    });

    t.clock.advance(60 * SECOND);
    await askCode(customer.email);
    const late = await latestCode(t, customer.email);
    t.clock.advance(10 * MINUTE);
    expect(typeOf(await setPassword({ email: customer.email, code: late, password: 'secret77' }))).toBe('CodeMismatch');
    expect((await login(customer.email, 'secret99')).status).toBe(200);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const customer = await registerCustomer(t);
    const noEmail = await askCode('not-an-email');
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.errors[0]).toMatchObject({ type: `${URN}ValidationFailed`, property_path: 'email' });
    await askCode(customer.email);
    const code = await latestCode(t, customer.email);
    const weak = await setPassword({ email: customer.email, code, password: 'abcdef' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0]).toMatchObject({
      property_path: 'password',
      message: 'A number and letter, and at least 6 characters.',
    });
    const shortCode = await setPassword({ email: customer.email, code: '12345', password: 'secret99' });
    expect(shortCode.body.errors[0]).toMatchObject({ type: `${URN}ValidationFailed`, property_path: 'code' });
    expect((await setPassword({ email: customer.email, code, password: 'secret99' })).status).toBe(200);
  });

  describe('limits', () => {
    it('refuses recovery requests past the limit of a client address, whatever the e-mails', async () => {
      const from = newCallerAddress();
      const { max } = ABUSE_LIMITS.passwordRecoveriesPerAddress;
      for (let n = 0; n < max; n++)
        expect((await askCode(`a${n}-${crypto.randomUUID()}@example.test`, from)).status).toBe(202);
      const over = await askCode(`over-${crypto.randomUUID()}@example.test`, from);
      expect(over.status).toBe(429);
      expect(typeOf(over)).toBe('EmailResetDDOS'); // SPEC §8: the e-mail family's reset flood
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('refuses codes for one e-mail from one address past its limit, but not its owner elsewhere', async () => {
      const customer = await registerCustomer(t);
      const stranger = newCallerAddress();
      const { max } = ABUSE_LIMITS.passwordRecoveriesPerEmailAddress;
      for (let n = 0; n < max; n++) {
        expect((await askCode(customer.email, stranger)).status).toBe(202);
        await messagesTo(customer.email);
        t.clock.advance(60 * SECOND);
      }
      const over = await askCode(customer.email, stranger);
      expect(over.status).toBe(429);
      expect(over.body.errors[0]).toMatchObject({ type: `${URN}EmailSendDDOS`, property_path: 'email' });
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);

      const owner = newCallerAddress();
      expect((await askCode(customer.email, owner)).status).toBe(202);
      const code = await latestCode(t, customer.email);
      expect((await setPassword({ email: customer.email, code, password: 'owner-pass1' }, owner)).status).toBe(200);
    });

    it('refuses code checks for one e-mail from one address past its limit, but not its owner elsewhere', async () => {
      const customer = await registerCustomer(t);
      const stranger = newCallerAddress();
      const { max } = ABUSE_LIMITS.recoveryCodeChecksPerEmailAddress;
      // the stranger's guesses burn codes; each new code lets it guess again, until its limit
      let guesses = 0;
      while (guesses < max) {
        t.clock.advance(60 * SECOND);
        await askCode(customer.email, newCallerAddress());
        const code = await latestCode(t, customer.email);
        for (let n = 1; n <= 5 && guesses < max; n++, guesses++) {
          const res = await setPassword(
            { email: customer.email, code: wrong(code, n), password: 'secret99' },
            stranger,
          );
          expect([422, 429]).toContain(res.status);
        }
      }
      const over = await setPassword({ email: customer.email, code: '123456', password: 'secret99' }, stranger);
      expect(over.status).toBe(429);
      expect(over.body.errors[0]).toMatchObject({ type: `${URN}EmailCheckLimit`, property_path: 'code' });

      const owner = newCallerAddress();
      t.clock.advance(60 * SECOND);
      expect((await askCode(customer.email, owner)).status).toBe(202);
      const code = await latestCode(t, customer.email);
      expect((await setPassword({ email: customer.email, code, password: 'owner-pass1' }, owner)).status).toBe(200);
    });

    it('refuses code checks past the limit of a client address, whatever the e-mails', async () => {
      const from = newCallerAddress();
      const { max } = ABUSE_LIMITS.codeChecksPerAddress;
      for (let n = 0; n < max; n++) {
        const res = await setPassword(
          { email: `x${n}-${crypto.randomUUID()}@example.test`, code: '123456', password: 'secret99' },
          from,
        );
        expect(res.status).toBe(422);
      }
      const over = await setPassword({ email: 'last@example.test', code: '123456', password: 'secret99' }, from);
      expect(over.status).toBe(429);
      expect(typeOf(over)).toBe('EmailCheckDDOS');
    });

    it('counts recovery codes in the daily code limit of the e-mail', async () => {
      const email = `daily-${crypto.randomUUID()}@example.test`;
      const { max } = ABUSE_LIMITS.codeSendsPerEmail;
      for (let n = 0; n < max; n++) {
        expect((await askCode(email)).status).toBe(202);
        t.clock.advance(60 * SECOND);
      }
      const over = await askCode(email);
      expect(over.status).toBe(429);
      expect(over.body.errors[0]).toMatchObject({ type: `${URN}EmailSendDDOS`, property_path: 'email' });
    });
  });
});
