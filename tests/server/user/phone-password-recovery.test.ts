import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABUSE_LIMITS } from '../../../src/server/abuse-limits/limits.ts';
import { outboxHandlers } from '../../../src/server/jobs/handlers.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { bearer, finishRegistration, latestCode } from '../../support/register-customer.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

const SECOND = 1000;
const URN = 'urn:sarraf:error:';

/** A Swedish mobile number no other test uses, in E.164. */
const newMobile = () => `+4670${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
/** A six-digit code other than `code`. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

describe.each(DATABASE_KINDS)('password recovery by texted code on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const from = (address?: string) => (address === undefined ? {} : { from: address });
  const askCode = (body: Record<string, unknown>, address?: string) =>
    t.call('POST', '/api/main/user/reset-password', { body, ...from(address) });
  const setPassword = (body: Record<string, unknown>, address?: string) =>
    t.call('POST', '/api/main/user/change-password-token', { body, ...from(address) });
  const login = (mobile: string, password: string) =>
    t.call('POST', '/api/main/user/login-with-phone', { body: { mobile, password } });
  const typeOf = (res: { body: any }) => res.body.errors[0].type.replace(URN, '');
  const messagesTo = async (to: string): Promise<Array<{ channel: string; body: string }>> => {
    await new OutboxWorker(t.deps, outboxHandlers()).drain();
    const res = await t.call('GET', `/sandbox/messages?to=${encodeURIComponent(to)}`);
    return res.body.data;
  };
  /** A customer registered by phone (Sweden) with the password "secret12". */
  const registeredByPhone = async () => {
    const mobile = newMobile();
    const sent = await t.call('POST', '/api/oauth/otp/send', {
      body: { mobile, password: 'secret12', country: 'SE', accept_terms: true, accept_privacy: true },
    });
    expect(sent.status).toBe(201);
    const checked = await t.call('POST', '/api/oauth/otp/check', {
      body: { code: await latestCode(t, mobile) },
      headers: bearer(sent.body.data.registration_token),
    });
    expect(checked.status).toBe(200);
    await finishRegistration(t, sent.body.data.registration_token);
    return mobile;
  };

  it('texts a code to the number, typed without its country code, and the code sets a new password', async () => {
    const mobile = await registeredByPhone();
    const national = `0${mobile.slice(3)}`;
    const asked = await askCode({ mobile: national, country: 'SE' });
    expect(asked.status).toBe(202);
    const [sms] = await messagesTo(mobile);
    expect(sms?.channel).toBe('sms');
    const code = await latestCode(t, mobile);
    const changed = await setPassword({ mobile, code, password: 'texted-new-4' });
    expect(changed.status).toBe(200);
    expect((await login(mobile, 'texted-new-4')).status).toBe(200);
    expect(typeOf(await login(mobile, 'secret12'))).toBe('CustomerNotFound');
  });

  it('answers a registered and an unregistered number alike, and texts only the registered one', async () => {
    const mobile = await registeredByPhone();
    const stranger = newMobile();
    const before = (await messagesTo(mobile)).length;
    const registered = await askCode({ mobile });
    const unregistered = await askCode({ mobile: stranger });
    expect(unregistered.status).toBe(registered.status);
    expect(unregistered.body).toEqual(registered.body);
    expect(await messagesTo(stranger)).toEqual([]);
    expect((await messagesTo(mobile)).length).toBe(before + 1);
    const again = [await askCode({ mobile }), await askCode({ mobile: stranger })];
    expect(again[0]?.status).toBe(429);
    expect(again[1]?.body).toEqual(again[0]?.body);
    const wrongRegistered = await setPassword({ mobile, code: '000000', password: 'secret99' });
    const wrongUnregistered = await setPassword({ mobile: stranger, code: '000000', password: 'secret99' });
    if (wrongRegistered.status !== 200) expect(wrongUnregistered.body).toEqual(wrongRegistered.body);
  });

  it('keeps the code of a number apart from the e-mail recoveries, and burns it at the fifth wrong try', async () => {
    const mobile = await registeredByPhone();
    await askCode({ mobile });
    const code = await latestCode(t, mobile);
    for (let n = 1; n < 5; n++)
      expect(typeOf(await setPassword({ mobile, code: wrong(code, n), password: 'secret99' }))).toBe('CodeMismatch');
    const fifth = await setPassword({ mobile, code: wrong(code, 5), password: 'secret99' });
    expect(fifth.status).toBe(429);
    expect(typeOf(fifth)).toBe('AttemptLimit');
    expect(typeOf(await setPassword({ mobile, code, password: 'secret99' }))).toBe('AttemptLimit');
    t.clock.advance(60 * SECOND);
    await askCode({ mobile });
    expect((await setPassword({ mobile, code: await latestCode(t, mobile), password: 'secret99' })).status).toBe(200);
  });

  it('refuses a bad number, both destinations or neither with a 400 naming the field, and changes nothing', async () => {
    const short = await askCode({ mobile: '+46701', country: 'SE' });
    expect(short.status).toBe(400);
    expect(short.body.errors[0]).toMatchObject({ type: `${URN}InvalidPhone`, property_path: 'mobile' });
    const otherCountry = await askCode({ mobile: '+447911123456', country: 'SE' });
    expect(otherCountry.body.errors[0]).toMatchObject({ type: `${URN}InvalidPhone`, property_path: 'mobile' });
    const both = await askCode({ mobile: newMobile(), email: 'both@example.test' });
    expect(both.status).toBe(400);
    expect(both.body.errors[0]).toMatchObject({ type: `${URN}ValidationFailed`, property_path: 'mobile' });
    const neither = await askCode({});
    expect(neither.body.errors[0]).toMatchObject({ type: `${URN}ValidationFailed`, property_path: 'email' });
    const badCheck = await setPassword({ mobile: 'not a number', code: '123456', password: 'secret99' });
    expect(badCheck.body.errors[0]).toMatchObject({ type: `${URN}InvalidPhone`, property_path: 'mobile' });
  });

  it('refuses codes for one number from one address past its limit, but not its owner elsewhere', async () => {
    const mobile = await registeredByPhone();
    const stranger = newCallerAddress();
    const { max } = ABUSE_LIMITS.passwordRecoveriesPerPhoneAddress;
    for (let n = 0; n < max; n++) {
      expect((await askCode({ mobile }, stranger)).status).toBe(202);
      t.clock.advance(60 * SECOND);
    }
    const over = await askCode({ mobile }, stranger);
    expect(over.status).toBe(429);
    expect(over.body.errors[0]).toMatchObject({ type: `${URN}SendLimit`, property_path: 'mobile' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await askCode({ mobile }, newCallerAddress())).status).toBe(202);
  });

  it('refuses code checks for one number from one address past its limit, but not its owner elsewhere', async () => {
    const mobile = await registeredByPhone();
    const stranger = newCallerAddress();
    const { max } = ABUSE_LIMITS.recoveryCodeChecksPerPhoneAddress;
    for (let n = 0; n < max; n++) {
      // a new code before each fifth wrong try would burn the last one
      if (n % 4 === 0) {
        t.clock.advance(60 * SECOND);
        expect((await askCode({ mobile }, newCallerAddress())).status).toBe(202);
        await messagesTo(mobile);
      }
      expect((await setPassword({ mobile, code: '000000', password: 'secret99' }, stranger)).status).not.toBe(429);
    }
    const over = await setPassword({ mobile, code: '000000', password: 'secret99' }, stranger);
    expect(over.status).toBe(429);
    expect(over.body.errors[0]).toMatchObject({ type: `${URN}SMSNotSentCheck`, property_path: 'code' });
    t.clock.advance(60 * SECOND);
    expect((await askCode({ mobile })).status).toBe(202);
    const code = await latestCode(t, mobile);
    expect((await setPassword({ mobile, code, password: 'owner-pass-5' }, newCallerAddress())).status).toBe(200);
  });
});
