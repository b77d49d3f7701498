import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeSent, REGISTRATION_LIFETIME_MINUTES } from '../../../src/domain/contract/oauth.ts';
import { SignedIn } from '../../../src/domain/contract/user.ts';
import { ABUSE_LIMITS } from '../../../src/server/abuse-limits/limits.ts';
import { outboxHandlers } from '../../../src/server/jobs/handlers.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { SANDBOX_CAPTCHA_TOKEN } from '../../../src/server/providers/captcha/sandbox-captcha.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import {
  bearer,
  captchaPasses,
  finishRegistration,
  latestCode,
  startRegistration,
} from '../../support/register-customer.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A Swedish mobile number no other test uses, in E.164. */
const newMobile = () => `+4670${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
const details = (mobile = newMobile()) => ({
  mobile,
  password: 'secret12',
  country: 'SE',
  accept_terms: true,
  accept_privacy: true,
});
/** A six-digit code that is certainly not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(DATABASE_KINDS)('registration and sign-in by phone on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const from = (address?: string) => (address === undefined ? {} : { from: address });
  const send = (body: Record<string, unknown>, address?: string, headers?: Record<string, string>) =>
    t.call('POST', '/api/oauth/otp/send', { body, ...from(address), ...(headers ? { headers } : {}) });
  const reset = (token: string, address?: string) =>
    t.call('POST', '/api/oauth/otp/reset', { headers: bearer(token), ...from(address) });
  const check = (token: string, code: string, address?: string) =>
    t.call('POST', '/api/oauth/otp/check', { body: { code }, headers: bearer(token), ...from(address) });
  const login = (body: Record<string, unknown>, address?: string) =>
    t.call('POST', '/api/main/user/login-with-phone', { body, ...from(address) });
  const errorOf = (res: { body: any }) => res.body.errors[0];
  const typeOf = (res: { body: any }) => errorOf(res).type.replace('urn:sarraf:error:', '');
  const messagesTo = async (mobile: string) => {
    await new OutboxWorker(t.deps, outboxHandlers()).drain();
    const res = await t.call('GET', `/sandbox/messages?to=${encodeURIComponent(mobile)}`);
    return res.body.data as { channel: string; body: string }[];
  };
  const started = async (mobile = newMobile(), address?: string, headers?: Record<string, string>) => {
    const res = await send(details(mobile), address, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { mobile, token: res.body.data.registration_token as string };
  };
  const registered = async (mobile = newMobile()) => {
    const { token } = await started(mobile);
    const res = await check(token, await latestCode(t, mobile));
    expect(res.status).toBe(200);
    return { mobile, ...(await finishRegistration(t, token)) };
  };

  it('texts a code to the number in E.164; the right code verifies it, and the committed customer is signed in', async () => {
    const sent = await send({ ...details(' 070-123 45 67 '), locale: 'so' });
    expect(sent.status).toBe(201);
    assert(sent.body.data, CodeSent);
    expect(sent.body.data._links).toEqual({
      'otp/check': { href: '/api/oauth/otp/check', method: 'POST' },
      'otp/reset': { href: '/api/oauth/otp/reset', method: 'POST' },
      flush: { href: '/api/oauth/flush', method: 'POST' },
    });
    const [sms] = await messagesTo('+46701234567');
    expect(sms).toMatchObject({ channel: 'sms' });
    const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1] ?? '';
    const registrationToken = sent.body.data.registration_token;
    const verified = await check(registrationToken, code);
    expect(verified.status).toBe(200);
    // a phone registration may give an e-mail address before it is committed
    expect(verified.body.data._links).toEqual({
      'otp/email': { href: '/api/oauth/otp/email', method: 'POST' },
      commit: { href: '/api/oauth/commit', method: 'POST' },
      flush: { href: '/api/oauth/flush', method: 'POST' },
    });
    const signedIn = await finishRegistration(t, registrationToken);
    assert(signedIn, SignedIn);
    expect(signedIn.user).toMatchObject({ email: null, mobile: '••••••••4567', country: 'SE', locale: 'so' });
    const customer = await t.deps.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', signedIn.user.id)
      .executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ mobile: '+46701234567', email: null, email_verified_at: null });
    expect(customer.mobile_verified_at?.toISOString()).toBe(t.clock.now().toISOString());
    const consents = await t.deps.db
      .selectFrom('customer_consents')
      .select('document')
      .where('customer_id', '=', customer.id)
      .execute();
    expect(consents.map((c) => c.document).sort()).toEqual(['privacy_policy', 'terms_and_conditions']);
    // the registration is over: its token no longer works
    expect((await check(registrationToken, code)).status).toBe(401);
  });

  it("keeps the e-mail address a phone registration gives (otp/email) unverified on the new account, and another account's address stays that account's", async () => {
    const email = `phone-${crypto.randomUUID()}@example.test`;
    const { mobile, token } = await started();
    const added = await t.call('POST', '/api/oauth/otp/email', {
      body: { email: 'not-an-email' },
      headers: bearer(token),
    });
    expect(added.status).toBe(400);
    expect(errorOf(added).property_path).toBe('email');
    const given = await t.call('POST', '/api/oauth/otp/email', { body: { email }, headers: bearer(token) });
    expect(given.status).toBe(200);
    // before the code: the links of a registration waiting for its code
    expect(Object.keys(given.body.data._links)).toEqual(['otp/check', 'otp/reset', 'flush']);
    expect((await check(token, await latestCode(t, mobile))).status).toBe(200);
    const { user } = await finishRegistration(t, token);
    const customer = await t.deps.db
      .selectFrom('customers')
      .select(['email', 'email_verified_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(customer).toEqual({ email, email_verified_at: null });

    // the same address on a second phone registration: answered alike, and the second account starts without it
    const second = await started();
    const again = await t.call('POST', '/api/oauth/otp/email', { body: { email }, headers: bearer(second.token) });
    expect(again.status).toBe(200);
    expect((await check(second.token, await latestCode(t, second.mobile))).status).toBe(200);
    const other = await finishRegistration(t, second.token);
    const otherCustomer = await t.deps.db
      .selectFrom('customers')
      .select('email')
      .where('id', '=', other.user.id)
      .executeTakeFirstOrThrow();
    expect(otherCustomer.email).toBeNull();
    // an e-mail registration's token cannot use it: live, but not for this call (403 AccessDenied)
    const byEmail = await startRegistration(t, {
      email: `e-${crypto.randomUUID()}@example.test`,
      password: 'secret12',
      country: 'GB',
    });
    const foreign = await t.call('POST', '/api/oauth/otp/email', { body: { email }, headers: bearer(byEmail) });
    expect(foreign.status).toBe(403);
    expect(errorOf(foreign).type).toBe('urn:sarraf:error:AccessDenied');
  });

  it.each([
    ['too short', '+46701', 'The mobile number is too short'],
    ['too long', '+467012345678901234', 'The mobile number is too long'],
    ['letters', '0701abc567', 'The mobile number is not a number'],
    [
      'another country code',
      '+447911123456',
      'The mobile number must have the country code of your country of residence',
    ],
    ['not a mobile number', '+4681234567', 'The mobile number is not a valid mobile number'],
    ['empty', '', 'The mobile field is required'],
  ])('refuses a number %s with 400 InvalidPhone on mobile, and sends nothing', async (_, mobile, message) => {
    const res = await send(details(mobile));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ type: 'urn:sarraf:error:InvalidPhone', message, property_path: 'mobile' }]);
    const stored = await t.deps.db.selectFrom('registrations').select('id').where('destination', '=', mobile).execute();
    expect(stored).toEqual([]);
  });

  it.each([
    ['accept_terms', { accept_terms: false }, 'Accept the terms and conditions to continue'],
    ['password', { password: 'abcdefgh' }, 'A number and letter, and at least 6 characters.'],
  ])('refuses a bad %s with 400 ValidationFailed naming it', async (field, change, message) => {
    const res = await send({ ...details(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ type: 'urn:sarraf:error:ValidationFailed', message, property_path: field }]);
  });

  it('answers a number that has an account like any other, and texts its owner to sign in', async () => {
    const { mobile } = await registered();
    t.clock.advance(MINUTE);
    const res = await send(details(mobile));
    expect(res.status).toBe(201);
    assert(res.body.data, CodeSent);
    const [sms] = await messagesTo(mobile);
    expect(sms?.body).toContain('already have a Sarraf account');
    expect(sms?.body).not.toMatch(/\d{6}/);
    // no code can finish it: each try is a plain mismatch
    expect(typeOf(await check(res.body.data.registration_token, '000000'))).toBe('CodeMismatch');
    t.clock.advance(MINUTE);
    expect((await reset(res.body.data.registration_token)).status).toBe(200);
    expect((await messagesTo(mobile))[0]?.body).toContain('sign in instead');
  });

  it('refuses a new code within 60 s with OTPAlreadySent and Retry-After, and stops at five codes', async () => {
    const { token } = await started();
    const tooSoon = await reset(token);
    expect(tooSoon.status).toBe(429);
    expect(typeOf(tooSoon)).toBe('OTPAlreadySent');
    expect(tooSoon.headers.get('retry-after')).toBe('60');
    for (let i = 0; i < 4; i++) {
      t.clock.advance(60 * SECOND);
      expect((await reset(token)).status).toBe(200);
    }
    t.clock.advance(60 * SECOND);
    const sixth = await reset(token);
    expect(sixth.status).toBe(429);
    expect(typeOf(sixth)).toBe('SMSNotSentReset');
  });

  it('says how many tries are left, burns the code on the 5th wrong one, and a new code works', async () => {
    const { mobile, token } = await started();
    const code = await latestCode(t, mobile);
    const first = await check(token, wrong(code));
    expect(first.status).toBe(422);
    expect(first.body.errors).toEqual([
      {
        type: 'urn:sarraf:error:CodeMismatch',
        message: 'The verification code is incorrect. 4 tries left.',
        property_path: 'code',
      },
    ]);
    for (const left of [3, 2, 1]) {
      expect(errorOf(await check(token, wrong(code))).message).toContain(
        `${left} ${left === 1 ? 'try' : 'tries'} left`,
      );
    }
    const fifth = await check(token, wrong(code));
    expect(errorOf(fifth)).toMatchObject({ type: 'urn:sarraf:error:AttemptLimit', property_path: 'code' });
    expect(typeOf(await check(token, code))).toBe('AttemptLimit');
    t.clock.advance(MINUTE);
    expect((await reset(token)).status).toBe(200);
    expect((await check(token, await latestCode(t, mobile))).status).toBe(200);
  });

  it('stops a brute force of the code within its limits', async () => {
    const { mobile, token } = await started();
    const code = await latestCode(t, mobile);
    const guesses = Array.from({ length: 40 }, (_, i) => String(i).padStart(6, '0')).filter((g) => g !== code);
    const answers: string[] = [];
    for (const guess of guesses) {
      const res = await check(token, guess);
      answers.push(typeOf(res));
      if (answers.length === 4) {
        // a new code after every burnt one still leaves the registration its 10 checks
        t.clock.advance(MINUTE);
      }
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('CodeMismatch'));
    expect(answers[4]).toBe('AttemptLimit');
    expect(answers.filter((a) => a === 'CodeMismatch').length).toBeLessThanOrEqual(4);
    expect(answers.slice(ABUSE_LIMITS.phoneCodeChecksPerRegistration.max)).toEqual(
      Array(guesses.length - ABUSE_LIMITS.phoneCodeChecksPerRegistration.max).fill('SMSNotSentCheck'),
    );
    // the right code no longer gets in
    expect(typeOf(await check(token, code))).toBe('SMSNotSentCheck');
  });

  it('refuses an expired code, a token of the other destination (403 AccessDenied), and an ended one (401)', async () => {
    const { mobile, token } = await started();
    const code = await latestCode(t, mobile);
    t.clock.advance(10 * MINUTE);
    const late = await check(token, code);
    expect(late.status).toBe(422);
    expect(errorOf(late).message).toMatch(/expired/);
    const email = await t.call('POST', '/api/oauth/email/check', { body: { code }, headers: bearer(token) });
    expect(email.status).toBe(403);
    expect(errorOf(email).type).toBe('urn:sarraf:error:AccessDenied');
    // the refusal changed nothing: the phone registration still takes its calls
    expect((await t.call('POST', '/api/oauth/otp/reset', { headers: bearer(token) })).status).toBe(200);
    t.clock.advance(REGISTRATION_LIFETIME_MINUTES * MINUTE);
    const ended = await t.call('POST', '/api/oauth/email/check', { body: { code }, headers: bearer(token) });
    expect(ended.status).toBe(401);
    expect(errorOf(ended).type).toBe('urn:sarraf:error:Unauthorized');
  });

  it('limits registrations per number from any address, and per address', async () => {
    const mobile = newMobile();
    for (let i = 0; i < ABUSE_LIMITS.registrationsPerPhone.max; i++) await started(mobile, newCallerAddress());
    const perNumber = await send(details(mobile), newCallerAddress());
    expect(perNumber.status).toBe(429);
    expect(errorOf(perNumber)).toMatchObject({ type: 'urn:sarraf:error:SendLimit', property_path: 'mobile' });
    expect(Number(perNumber.headers.get('retry-after'))).toBeGreaterThan(0);

    const address = newCallerAddress();
    // past the captcha-free ones, each with a guest that passed the captcha
    const pass = captchaPasses(t, address, 'SE');
    for (let i = 0; i < ABUSE_LIMITS.phoneRegistrationsPerAddress.max; i++) {
      await started(newMobile(), address, await pass());
    }
    const perAddress = await send(details(), address, await pass());
    expect(perAddress.status).toBe(429);
    expect(errorOf(perAddress)).toMatchObject({ type: 'urn:sarraf:error:SMSDDOS', property_path: null });
    expect((await send(details(), newCallerAddress())).status).toBe(201);
  });

  it('limits code checks per address across registrations', async () => {
    const address = newCallerAddress();
    let checks = 0;
    while (checks < ABUSE_LIMITS.phoneCodeChecksPerAddress.max) {
      const { token } = await started();
      for (let i = 0; i < 3 && checks < ABUSE_LIMITS.phoneCodeChecksPerAddress.max; i++, checks++) {
        await check(token, '000000', address);
      }
    }
    const { mobile, token } = await started();
    const refused = await check(token, await latestCode(t, mobile), address);
    expect(refused.status).toBe(429);
    expect(typeOf(refused)).toBe('SMSDDOS');
    expect((await check(token, await latestCode(t, mobile), newCallerAddress())).status).toBe(200);
  });

  it('signs in by phone, with or without the country code, and refuses a wrong password alike', async () => {
    const { mobile, user } = await registered();
    const national = `0${mobile.slice(3)}`;
    const signedIn = await login({ mobile: national, country: 'SE', password: 'secret12' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.id).toBe(user.id);
    expect((await login({ mobile, password: 'secret12' })).status).toBe(200);

    const wrongPassword = await login({ mobile, password: 'nope1234' });
    const unknown = await login({ mobile: newMobile(), password: 'nope1234' });
    expect(wrongPassword.status).toBe(404);
    expect(unknown.body).toEqual(wrongPassword.body);
  });

  it.each([
    ['+46701', undefined, 'The mobile number is too short'],
    ['0701234567', undefined, 'Start the mobile number with its country code, like +46'],
    ['phone', 'SE', 'The mobile number is not a number'],
  ])('refuses %j at sign-in with 400 InvalidPhone', async (mobile, country, message) => {
    const res = await login({ mobile, ...(country ? { country } : {}), password: 'secret12' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ type: 'urn:sarraf:error:InvalidPhone', message, property_path: 'mobile' }]);
  });

  it('asks for a captcha after failed sign-ins per number, and never refuses the owner for them', async () => {
    const { mobile } = await registered();
    const stranger = newCallerAddress();
    let answer = '';
    for (let i = 0; i < 12; i++) {
      const res = await login({ mobile, password: 'nope1234', captcha_token: SANDBOX_CAPTCHA_TOKEN }, stranger);
      answer = typeOf(res);
    }
    expect(answer).toBe('CustomerNotFound');
    expect(typeOf(await login({ mobile, password: 'nope1234' }, stranger))).toBe('CaptchaRequired');
    // the number's bar holds from every address, and the owner passes it
    expect(typeOf(await login({ mobile, password: 'secret12' }, newCallerAddress()))).toBe('CaptchaRequired');
    const home = newCallerAddress();
    expect((await login({ mobile, password: 'secret12', captcha_token: SANDBOX_CAPTCHA_TOKEN }, home)).status).toBe(
      200,
    );
    expect((await login({ mobile, password: 'secret12', captcha_token: SANDBOX_CAPTCHA_TOKEN }, stranger)).status).toBe(
      200,
    );
  });
});
