import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxHandlers } from '../../../src/server/jobs/handlers.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { bearer, finishRegistration, latestCode, registerCustomer } from '../../support/register-customer.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

const URN = 'urn:sarraf:error:';

describe.each(DATABASE_KINDS)("a signed-in customer's e-mail and mobile number on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (path: string, token: string | undefined, body?: unknown, from?: string) =>
    t.call('POST', `/api/main${path}`, { token, body, ...(from ? { from } : {}) });
  const me = async (token: string) => (await post('/user/get', token)).body.data.user;
  const messagesTo = async (to: string): Promise<Array<{ subject: string | null; body: string }>> => {
    await new OutboxWorker(t.deps, outboxHandlers()).drain();
    return (await t.call('GET', `/sandbox/messages?to=${encodeURIComponent(to)}`)).body.data;
  };
  // +44 797…: a UK mobile range; +44 79 with any 8 digits also draws 7911, 7931 and 7937, which are not allocated
  const newNumber = () => `+44797${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const later = (seconds: number) => t.clock.advance(seconds * 1000);

  it('adds a mobile number only once the code texted to it comes back', async () => {
    const customer = await registerCustomer(t);
    const mobile = newNumber();
    const start = await post('/remit/remitter/update-phone', customer.token, { mobile, password: customer.password });
    expect(start.status).toBe(202);
    expect(Object.keys(start.body.data).sort()).toEqual(['code_expires_at', 'resend_available_at']);
    expect((await me(customer.token)).mobile).toBeNull();

    const code = await latestCode(t, mobile);
    const done = await post('/verification/verify-phone', customer.token, { code });
    expect(done.status).toBe(200);
    expect(done.body.data.mobile).toBe(`${'•'.repeat(mobile.length - 4)}${mobile.slice(-4)}`);
    expect((await me(customer.token)).mobile).toBe(done.body.data.mobile);
    const row = await t.deps.db
      .selectFrom('customers')
      .select(['mobile', 'mobile_verified_at'])
      .where('id', '=', customer.user.id)
      .executeTakeFirstOrThrow();
    expect(row.mobile).toBe(mobile);
    expect(row.mobile_verified_at).not.toBeNull();
    // the code is single use, and the customer now signs in with the number too
    expect((await post('/verification/verify-phone', customer.token, { code })).body.errors[0].type).toBe(
      `${URN}CodeNotDefined`,
    );
    const login = await post('/user/login-with-phone', undefined, { mobile, password: customer.password });
    expect(login.status).toBe(200);

    // a second change: the number it replaces is told by SMS
    const next = newNumber();
    await post('/remit/remitter/update-phone', customer.token, { mobile: next, password: customer.password });
    expect((await post('/verification/verify-phone', customer.token, { code: await latestCode(t, next) })).status).toBe(
      200,
    );
    const [told] = await messagesTo(mobile);
    expect(told?.body).toBe(
      'Your Sarraf account now uses another mobile number. If you did not do this, contact customer support now.',
    );
  });

  it('reads a number typed without its country code as one of the customer’s country', async () => {
    const customer = await registerCustomer(t, { country: 'SE' });
    const start = await post('/remit/remitter/update-phone', customer.token, {
      mobile: '070 123 45 67',
      password: customer.password,
    });
    expect(start.status).toBe(202);
    expect(await messagesTo('+46701234567')).toHaveLength(1);
  });

  it('changes the e-mail: the new one signs in, the old one no longer does', async () => {
    const customer = await registerCustomer(t);
    const email = `new-${crypto.randomUUID()}@example.test`;
    expect((await post('/user/update-email', customer.token, { email, password: customer.password })).status).toBe(202);
    const [message] = await messagesTo(email);
    expect(message?.body).toContain('If you did not ask to add this e-mail to a Sarraf account');
    // a new e-mailed code within the minute: SPEC §8's EmailSendExist
    const early = await post('/verification/verify-email-resend', customer.token);
    expect(early.status).toBe(429);
    expect(early.body.errors[0].type).toBe(`${URN}EmailSendExist`);
    const done = await post('/verification/verify-email', customer.token, { code: await latestCode(t, email) });
    expect(done.status).toBe(200);
    expect(done.body.data.email).toBe(email);
    // the old e-mail is told, so an owner who did not do this learns of it
    const [told] = await messagesTo(customer.email);
    expect(told?.subject).toBe('The e-mail of your Sarraf account was changed');
    expect(told?.body).not.toContain(email);
    expect((await post('/user/login', undefined, { email, password: customer.password })).status).toBe(200);
    expect((await post('/user/login', undefined, { email: customer.email, password: customer.password })).status).toBe(
      404,
    );
  });

  it('confirms the e-mail a phone registration gave unproved, by the same change, telling no one of a change', async () => {
    const mobile = newNumber();
    const email = `unproved-${crypto.randomUUID()}@example.test`;
    const sent = await t.call('POST', '/api/oauth/otp/send', {
      body: { mobile, password: 'secret12', country: 'GB', accept_terms: true, accept_privacy: true },
    });
    const registration = sent.body.data.registration_token;
    await t.call('POST', '/api/oauth/otp/email', { body: { email }, headers: bearer(registration) });
    await t.call('POST', '/api/oauth/otp/check', {
      body: { code: await latestCode(t, mobile) },
      headers: bearer(registration),
    });
    const { token } = await finishRegistration(t, registration);
    expect((await me(token)).email).toBe(email);

    expect((await post('/user/update-email', token, { email, password: 'secret12' })).status).toBe(202);
    const done = await post('/verification/verify-email', token, { code: await latestCode(t, email) });
    expect(done.status).toBe(200);
    const row = await t.deps.db
      .selectFrom('customers')
      .select(['email', 'email_verified_at'])
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email, email_verified_at: t.clock.now() });
    // the code, and nothing that reads as "your e-mail was changed"
    const messages = await messagesTo(email);
    expect(messages.map((m) => m.subject)).not.toContain('The e-mail of your Sarraf account was changed');
    // proved now, the same address again is the account's own
    const again = await post('/user/update-email', token, { email, password: 'secret12' });
    expect(again.body.errors[0]).toMatchObject({ type: `${URN}InvalidEmail`, property_path: 'email' });
  });

  it('asks for the password again, and a wrong one sends nothing', async () => {
    const customer = await registerCustomer(t);
    const email = `new-${crypto.randomUUID()}@example.test`;
    const wrong = await post('/user/update-email', customer.token, { email, password: 'not-mine-1' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([
      { type: `${URN}InvalidPassword`, message: 'The password is incorrect', property_path: 'password' },
    ]);
    const missing = await post('/user/update-email', customer.token, { email });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ property_path: 'password' });
    expect(await messagesTo(email)).toEqual([]);
  });

  it('stops guessing the password within a session after five wrong ones', async () => {
    const customer = await registerCustomer(t);
    const body = { email: `new-${crypto.randomUUID()}@example.test`, password: 'not-mine-1' };
    for (let i = 0; i < 5; i++) expect((await post('/user/update-email', customer.token, body)).status).toBe(422);
    const stopped = await post('/user/update-email', customer.token, { ...body, password: customer.password });
    expect(stopped.status).toBe(429);
    expect(stopped.body.errors[0]).toMatchObject({ type: `${URN}AttemptLimit`, property_path: 'password' });
  });

  it('refuses bad numbers and e-mails, and the customer’s own, naming the field and changing nothing', async () => {
    const customer = await registerCustomer(t);
    const cases: Array<[string, unknown, string, string]> = [
      ['/remit/remitter/update-phone', { mobile: '12', password: customer.password }, 'InvalidPhone', 'mobile'],
      ['/remit/remitter/update-phone', { mobile: 'call me', password: customer.password }, 'InvalidPhone', 'mobile'],
      [
        '/remit/remitter/update-phone',
        { mobile: '+4479', country: 'XX', password: 'x' },
        'ValidationFailed',
        'country',
      ],
      ['/user/update-email', { email: 'not-an-email', password: customer.password }, 'ValidationFailed', 'email'],
      [
        '/user/update-email',
        { email: customer.email.toUpperCase(), password: customer.password },
        'InvalidEmail',
        'email',
      ],
      ['/verification/verify-email', { code: '12ab' }, 'ValidationFailed', 'code'],
    ];
    for (const [path, body, type, field] of cases) {
      const res = await post(path, customer.token, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ type: `${URN}${type}`, property_path: field });
    }
    expect(
      await t.deps.db.selectFrom('contact_changes').selectAll().where('customer_id', '=', customer.user.id).execute(),
    ).toEqual([]);
    expect((await me(customer.token)).email).toBe(customer.email);
  });

  it('needs a session for every call', async () => {
    for (const path of [
      '/remit/remitter/update-phone',
      '/user/update-email',
      '/verification/send-phone-code',
      '/verification/verify-email-resend',
      '/verification/verify-phone',
      '/verification/verify-email',
    ]) {
      expect((await post(path, undefined, {})).status, path).toBe(401);
    }
  });

  it('resends at most once a minute, and only the newest code works', async () => {
    const customer = await registerCustomer(t);
    const mobile = newNumber();
    await post('/remit/remitter/update-phone', customer.token, { mobile, password: customer.password });
    const first = await latestCode(t, mobile);
    const early = await post('/verification/send-phone-code', customer.token);
    expect(early.status).toBe(429);
    expect(early.body.errors[0].type).toBe(`${URN}OTPAlreadySent`);
    expect(early.headers.get('retry-after')).toBe('60');
    later(60);
    expect((await post('/verification/send-phone-code', customer.token)).status).toBe(202);
    const second = await latestCode(t, mobile);
    if (first !== second) {
      const old = await post('/verification/verify-phone', customer.token, { code: first });
      expect(old.body.errors[0].type).toBe(`${URN}CodeMismatch`);
    }
    expect((await post('/verification/verify-phone', customer.token, { code: second })).status).toBe(200);
  });

  it('says when nothing waits for a code', async () => {
    const customer = await registerCustomer(t);
    for (const path of ['/verification/verify-email-resend', '/verification/send-phone-code']) {
      const res = await post(path, customer.token);
      expect(res.status, path).toBe(400);
      expect(res.body.errors[0].type).toBe(`${URN}CodeNotDefined`);
    }
    const verify = await post('/verification/verify-email', customer.token, { code: '123456' });
    expect(verify.body.errors[0].type).toBe(`${URN}CodeNotDefined`);
  });

  it('burns a code after five wrong tries, telling the tries left, and an expired code opens nothing', async () => {
    const customer = await registerCustomer(t);
    const email = `new-${crypto.randomUUID()}@example.test`;
    await post('/user/update-email', customer.token, { email, password: customer.password });
    const code = await latestCode(t, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await post('/verification/verify-email', customer.token, { code: wrong })).body.errors[0]);
    expect(answers.slice(0, 4).map((e) => e.message)).toEqual([
      'The verification code is incorrect. 4 tries left.',
      'The verification code is incorrect. 3 tries left.',
      'The verification code is incorrect. 2 tries left.',
      'The verification code is incorrect. 1 try left.',
    ]);
    expect(answers[4].type).toBe(`${URN}AttemptLimit`);
    expect((await post('/verification/verify-email', customer.token, { code })).body.errors[0].type).toBe(
      `${URN}AttemptLimit`,
    );

    later(60);
    await post('/verification/verify-email-resend', customer.token);
    const fresh = await latestCode(t, email);
    later(10 * 60);
    const expired = await post('/verification/verify-email', customer.token, { code: fresh });
    expect(expired.status).toBe(422);
    expect(expired.body.errors[0].message).toBe('The verification code has expired. Ask for a new code.');
    expect((await me(customer.token)).email).toBe(customer.email);
  });

  it('never tells whether another account has the e-mail: the owner is told, no code works', async () => {
    const owner = await registerCustomer(t);
    const customer = await registerCustomer(t);
    const taken = await post('/user/update-email', customer.token, { email: owner.email, password: customer.password });
    const free = await post('/user/update-email', (await registerCustomer(t)).token, {
      email: `free-${crypto.randomUUID()}@example.test`,
      password: customer.password,
    });
    expect(taken.status).toBe(free.status);
    expect(Object.keys(taken.body.data)).toEqual(Object.keys(free.body.data));
    const [told] = await messagesTo(owner.email);
    expect(told?.subject).toBe('This e-mail already has a Sarraf account');
    expect(told?.body).not.toMatch(/\b\d{6}\b/);
    const guess = await post('/verification/verify-email', customer.token, { code: '000000' });
    expect(guess.body.errors[0].type).toBe(`${URN}CodeMismatch`);
    expect((await me(customer.token)).email).toBe(customer.email);
  });

  it('keeps each customer to their own change', async () => {
    const alice = await registerCustomer(t);
    const bob = await registerCustomer(t);
    const email = `alice-${crypto.randomUUID()}@example.test`;
    await post('/user/update-email', alice.token, { email, password: alice.password });
    const code = await latestCode(t, email);
    const stolen = await post('/verification/verify-email', bob.token, { code });
    expect(stolen.body.errors[0].type).toBe(`${URN}CodeNotDefined`);
    expect((await me(bob.token)).email).toBe(bob.email);
    expect((await post('/verification/verify-email', alice.token, { code })).status).toBe(200);
  });

  it('stops code checks from one address after its limit', async () => {
    const from = newCallerAddress();
    const customer = await registerCustomer(t);
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await post('/verification/verify-phone', customer.token, { code: '123456' }, from)).status;
    }
    expect(last).toBe(429);
  });
});
