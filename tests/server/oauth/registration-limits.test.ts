import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABUSE_LIMITS } from '../../../src/server/abuse-limits/limits.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import {
  bearer,
  captchaPasses,
  latestCode,
  registerCustomer,
  startRegistration,
} from '../../support/register-customer.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const newEmail = () => `limited-${crypto.randomUUID()}@example.test`;
const details = (email = newEmail()) => ({ email, password: 'secret12', country: 'GB' });
/** A six-digit code that is certainly not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(DATABASE_KINDS)('registration abuse limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const send = (email: string, from?: string) =>
    t.call('POST', '/api/oauth/email/send', {
      body: { ...details(email), accept_terms: true, accept_privacy: true },
      ...(from === undefined ? {} : { from }),
    });
  const reset = (token: string, from?: string) =>
    t.call('POST', '/api/oauth/email/reset', { headers: bearer(token), ...(from === undefined ? {} : { from }) });
  const check = (token: string, code: string, from?: string) =>
    t.call('POST', '/api/oauth/email/check', {
      body: { code },
      headers: bearer(token),
      ...(from === undefined ? {} : { from }),
    });
  const errorOf = (res: { body: any }) => res.body.errors[0];
  const typeOf = (res: { body: any }) => errorOf(res).type.replace('urn:sarraf:error:', '');
  const retryAfter = (res: { headers: Headers }) => Number(res.headers.get('retry-after'));

  it('starts at most 10 registrations an hour from one address, counting addresses that have an account', async () => {
    const { email: taken } = await registerCustomer(t);
    const from = newCallerAddress();
    t.clock.advance(MINUTE);
    expect((await send(taken, from)).status).toBe(409);
    // past the captcha-free ones, each with a guest that passed the captcha
    const pass = captchaPasses(t, from);
    for (let i = 1; i < ABUSE_LIMITS.registrationsPerAddress.max; i++) {
      await startRegistration(t, details(), from, await pass());
    }
    t.clock.advance(10 * MINUTE);
    const refused = await send(newEmail(), from);
    expect(refused.status).toBe(429);
    expect(refused.body.errors).toEqual([
      {
        type: 'urn:sarraf:error:EmailDDOS',
        message: 'Too many attempts from your network. Try again later.',
        property_path: null,
      },
    ]);
    expect(retryAfter(refused)).toBe(50 * 60);
    // probing for accounts is refused alike
    expect(typeOf(await send(taken, from))).toBe('EmailDDOS');
    expect((await send(newEmail(), newCallerAddress())).status).toBe(201);
    t.clock.advance(50 * MINUTE);
    expect((await send(newEmail(), from)).status).toBe(201);
  });

  it('e-mails at most 10 codes a day to one address, from anywhere, and a refused resend keeps the code', async () => {
    const email = newEmail();
    t.clock.advance(MINUTE);
    const first = await startRegistration(t, details(email));
    for (let i = 0; i < 4; i++) {
      t.clock.advance(MINUTE);
      expect((await reset(first)).status).toBe(200);
    }
    const second = await startRegistration(t, details(email));
    for (let i = 0; i < 3; i++) {
      t.clock.advance(MINUTE);
      expect((await reset(second)).status).toBe(200);
    }
    await latestCode(t, email); // deliver the first nine, so the newest message is the tenth
    const third = await startRegistration(t, details(email)); // the 10th code
    const code = await latestCode(t, email);

    t.clock.advance(MINUTE);
    const resend = await reset(third);
    expect(resend.status).toBe(429);
    expect(errorOf(resend)).toEqual({
      type: 'urn:sarraf:error:EmailSendDDOS',
      message: 'Too many codes were sent to this e-mail today. Try again tomorrow.',
      property_path: 'email',
    });
    expect(retryAfter(resend)).toBe(DAY / SECOND - 8 * 60);
    const fourth = await send(email);
    expect(fourth.status).toBe(429);
    expect(typeOf(fourth)).toBe('EmailSendDDOS');
    expect(errorOf(fourth).message).toContain('today');

    // the refused resend changed nothing: the 10th code still works
    expect((await check(third, code)).status).toBe(200);
  });

  it('sends at most 20 codes an hour from one address, whatever the e-mails', async () => {
    const from = newCallerAddress();
    t.clock.advance(MINUTE);
    const tokens: string[] = [];
    const pass = captchaPasses(t, from);
    for (let i = 0; i < ABUSE_LIMITS.registrationsPerAddress.max; i++) {
      tokens.push(await startRegistration(t, details(), from, await pass()));
    }
    t.clock.advance(MINUTE);
    for (const token of tokens) expect((await reset(token, from)).status).toBe(200);
    const email = newEmail();
    const elsewhere = await startRegistration(t, details(email));
    t.clock.advance(MINUTE);
    const refused = await reset(elsewhere, from);
    expect(refused.status).toBe(429);
    expect(errorOf(refused)).toMatchObject({ type: 'urn:sarraf:error:EmailDDOS', property_path: null });
    expect(retryAfter(refused)).toBe(58 * 60);
    // the e-mail was not charged for the refusal: from its owner's address the resend goes out
    expect((await reset(elsewhere, newCallerAddress())).status).toBe(200);
  });

  it('checks at most 10 codes per registration, even the right one after', async () => {
    const email = newEmail();
    t.clock.advance(MINUTE);
    const token = await startRegistration(t, details(email));
    let code = await latestCode(t, email);
    for (const batch of [4, 4, 2]) {
      for (let i = 0; i < batch; i++) expect(typeOf(await check(token, wrong(code)))).toBe('CodeMismatch');
      t.clock.advance(MINUTE);
      expect((await reset(token)).status).toBe(200);
      code = await latestCode(t, email);
    }
    const refused = await check(token, code);
    expect(refused.status).toBe(429);
    expect(errorOf(refused)).toEqual({
      type: 'urn:sarraf:error:EmailCheckLimit',
      message: 'Too many codes were tried for this registration. Start again.',
      property_path: null,
    });
    expect(retryAfter(refused)).toBe(57 * 60);
    // a new registration of the same e-mail starts afresh
    const again = await startRegistration(t, details(email));
    expect((await check(again, await latestCode(t, email))).status).toBe(200);
  });

  it('checks at most 30 codes an hour from one address, across registrations', async () => {
    const from = newCallerAddress();
    t.clock.advance(MINUTE);
    const target = newEmail();
    const targetToken = await startRegistration(t, details(target));
    const targetCode = await latestCode(t, target);
    for (let n = 0; n < ABUSE_LIMITS.codeChecksPerAddress.max; n += 3) {
      const email = newEmail();
      const token = await startRegistration(t, details(email));
      const code = await latestCode(t, email);
      for (let i = 0; i < 3; i++) expect(typeOf(await check(token, wrong(code), from))).toBe('CodeMismatch');
    }
    const refused = await check(targetToken, targetCode, from);
    expect(refused.status).toBe(429);
    expect(errorOf(refused)).toMatchObject({ type: 'urn:sarraf:error:EmailCheckDDOS', property_path: null });
    expect(retryAfter(refused)).toBe(3600);
    expect((await check(targetToken, targetCode, newCallerAddress())).status).toBe(200);
  });
});
