import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CaptchaPassed,
  CaptchaScored,
  GUEST_LIFETIME_MINUTES,
  GUEST_REGISTRATIONS,
  GuestStarted,
} from '../../../src/domain/contract/oauth.ts';
import { ABUSE_LIMITS } from '../../../src/server/abuse-limits/limits.ts';
import { SANDBOX_CAPTCHA_TOKEN, SANDBOX_V3_TOKENS } from '../../../src/server/providers/captcha/sandbox-captcha.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { bearer, passedGuest, registerCustomer } from '../../support/register-customer.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

const MINUTE = 60_000;
const URN = 'urn:sarraf:error:';
const FREE = ABUSE_LIMITS.captchaFreeRegistrationsPerAddress.max;

const link = (relation: string) => ({ [relation]: { href: `/api/oauth/${relation}`, method: 'POST' } });
const links = (...relations: string[]) => Object.assign({}, ...relations.map(link));
const WAYS_GB = links('email/send', 'otp/send');
const WAYS_SE = links('email/send', 'otp/send', 'bankid/init');

const newEmail = () => `guest-${crypto.randomUUID()}@example.test`;
/** A Swedish mobile number no other test uses, in E.164. */
const newMobile = () => `+4670${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
/** A Swedish personal number no other test uses. */
const newNumber = () => `1985${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
const consent = { password: 'secret12', accept_terms: true, accept_privacy: true };

const CAPTCHA_REQUIRED = {
  type: `${URN}CaptchaRequired`,
  message: 'Confirm that you are not a robot, then send your details again.',
  property_path: 'captcha',
};
const CAPTCHA_INVALID = {
  type: `${URN}CaptchaInvalid`,
  message: 'The captcha did not pass. Try it again.',
  property_path: 'token',
};

describe.each(DATABASE_KINDS)('guest sessions and the registration captcha on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  type Headers = Record<string, string>;
  const guest = (country: string, from = newCallerAddress()) =>
    t.call('POST', '/api/oauth/guest', { body: { country }, from });
  const newGuest = async (country = 'GB', from = newCallerAddress()) => {
    const res = await guest(country, from);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.guest_token as string;
  };
  const v3 = (token: string, guestToken: string, from = newCallerAddress()) =>
    t.call('POST', '/api/oauth/gcaptcha/v3', { body: { token }, headers: bearer(guestToken), from });
  const v2 = (token: string, guestToken: string, from = newCallerAddress()) =>
    t.call('POST', '/api/oauth/gcaptcha/v2', { body: { token }, headers: bearer(guestToken), from });
  const byEmail = (from: string, headers: Headers = {}, email = newEmail()) =>
    t.call('POST', '/api/oauth/email/send', { body: { email, country: 'GB', ...consent }, headers, from });
  const byPhone = (from: string, headers: Headers = {}, mobile = newMobile()) =>
    t.call('POST', '/api/oauth/otp/send', { body: { mobile, country: 'SE', ...consent }, headers, from });
  const byBankId = (from: string, headers: Headers = {}) =>
    t.call('POST', '/api/oauth/bankid/init', {
      body: {
        purpose: 'registration',
        country: 'SE',
        personal_number: newNumber(),
        accept_terms: true,
        accept_privacy: true,
      },
      headers,
      from,
    });
  /** An address that has had its captcha-free registrations this hour (by e-mail and by phone). */
  const usedUp = async () => {
    const from = newCallerAddress();
    for (let i = 0; i < FREE; i++) expect((await (i % 2 ? byPhone : byEmail)(from)).status).toBe(201);
    return from;
  };
  /** What a refused registration could have written: registrations, bank-ID sessions, messages to send. */
  const written = async () => {
    const { db } = t.deps;
    const count = async (table: 'registrations' | 'bank_id_sessions' | 'outbox_events') =>
      Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return {
      registrations: await count('registrations'),
      bankId: await count('bank_id_sessions'),
      outbox: await count('outbox_events'),
    };
  };

  it('starts a guest session linking to the captchas and the ways to register in its country', async () => {
    const se = await guest('SE');
    expect(se.status).toBe(201);
    assert(se.body.data, GuestStarted);
    expect(se.body.data._links).toEqual({ ...links('gcaptcha/v3', 'gcaptcha/v2'), ...WAYS_SE });
    expect(se.body.data.expires_at).toBe(
      new Date(t.clock.now().getTime() + GUEST_LIFETIME_MINUTES * MINUTE).toISOString(),
    );
    // the token is kept only as its hash
    const stored = await t.deps.db.selectFrom('guest_sessions').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(se.body.data.guest_token);

    const gb = await guest('gb');
    expect(gb.status).toBe(201);
    expect(gb.body.data._links).toEqual({ ...links('gcaptcha/v3', 'gcaptcha/v2'), ...WAYS_GB });

    const nowhere = await guest('ZZ');
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.errors[0]).toMatchObject({ type: `${URN}ValidationFailed`, property_path: 'country' });
  });

  it('passes a person on the invisible check, and asks a bot to tick the box', async () => {
    const person = await newGuest('SE');
    const scored = await v3(SANDBOX_V3_TOKENS.human, person);
    expect(scored.status).toBe(200);
    assert(scored.body.data, CaptchaScored);
    expect(scored.body.data).toEqual({ passed: true, score: 0.9, _links: WAYS_SE });

    const bot = await newGuest();
    const low = await v3(SANDBOX_V3_TOKENS.bot, bot);
    expect(low.status).toBe(200);
    expect(low.body.data).toEqual({ passed: false, score: 0.1, _links: links('gcaptcha/v2') });
    const ticked = await v2(SANDBOX_CAPTCHA_TOKEN, bot);
    expect(ticked.status).toBe(200);
    assert(ticked.body.data, CaptchaPassed);
    expect(ticked.body.data).toEqual({ passed: true, _links: WAYS_GB });
    // a low score later does not undo the pass
    expect((await v3(SANDBOX_V3_TOKENS.bot, bot)).body.data.passed).toBe(false);
    expect((await byEmail(await usedUp(), bearer(bot))).status).toBe(201);
  });

  it('refuses tokens the provider does not pass with 403 CaptchaInvalid, and unknown guests with 401', async () => {
    const token = await newGuest();
    for (const [check, wrong] of [
      [v3, 'not-a-token'],
      [v3, SANDBOX_CAPTCHA_TOKEN],
      [v2, 'not-a-token'],
      [v2, SANDBOX_V3_TOKENS.human],
    ] as const) {
      const res = await check(wrong, token);
      expect(res.status).toBe(403);
      expect(res.body.errors).toEqual([CAPTCHA_INVALID]);
    }
    // nothing passed: the guest lets no registration through
    expect((await byEmail(await usedUp(), bearer(token))).body.errors).toEqual([CAPTCHA_REQUIRED]);

    const unknown = await v3(SANDBOX_V3_TOKENS.human, 'an-unknown-guest-token-0123456789');
    expect(unknown.status).toBe(401);
    expect(unknown.body.errors[0].type).toBe(`${URN}Unauthorized`);
    const bare = await t.call('POST', '/api/oauth/gcaptcha/v2', { body: { token: SANDBOX_CAPTCHA_TOKEN } });
    expect(bare.status).toBe(401);
    // a registration's token is no guest's: live, but not for this call (SPEC §8: 403 AccessDenied)
    const registration = await byEmail(newCallerAddress());
    const foreign = await v2(SANDBOX_CAPTCHA_TOKEN, registration.body.data.registration_token);
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors[0].type).toBe(`${URN}AccessDenied`);
    const empty = await v3('', token);
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ type: `${URN}ValueNotBeBlank`, property_path: 'token' });
  });

  it('asks for a captcha past 3 registrations an hour from one address, writing nothing, and not elsewhere', async () => {
    const from = newCallerAddress();
    expect((await byEmail(from)).status).toBe(201);
    expect((await byPhone(from)).status).toBe(201);
    expect((await byEmail(from)).status).toBe(201);

    const before = await written();
    for (const register of [byEmail, byPhone, byBankId]) {
      const refused = await register(from);
      expect(refused.status).toBe(403);
      expect(refused.body.errors).toEqual([CAPTCHA_REQUIRED]);
      expect(Number(refused.headers.get('retry-after'))).toBe(3600);
    }
    // a bearer that is no passed guest's changes nothing
    expect((await byEmail(from, bearer('not-a-guest-token-0123456789'))).status).toBe(403);
    expect((await byEmail(from, { authorization: 'Basic xyz' })).status).toBe(403);
    expect(await written()).toEqual(before);

    // others behind other addresses register as ever
    expect((await byEmail(newCallerAddress())).status).toBe(201);
    // and the captcha-free registrations come back with the hour
    t.clock.advance(60 * MINUTE);
    expect((await byEmail(from)).status).toBe(201);
  });

  it('lets exactly 3 registrations through with a guest that passed, by e-mail, phone or bank ID', async () => {
    const from = await usedUp();
    const token = await passedGuest(t, from, 'SE');
    expect((await byEmail(from, bearer(token))).status).toBe(201);
    expect((await byPhone(from, bearer(token))).status).toBe(201);
    expect((await byBankId(from, bearer(token))).status).toBe(201);
    const fourth = await byEmail(from, bearer(token));
    expect(fourth.status).toBe(403);
    expect(fourth.body.errors).toEqual([CAPTCHA_REQUIRED]);

    // at once: the guest's registrations go to exactly 3 of them
    const another = await passedGuest(t, from);
    const answers = await Promise.all(
      Array.from({ length: GUEST_REGISTRATIONS + 2 }, () => byEmail(from, bearer(another))),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 201, 403, 403]);
  });

  it('spends a guest only past the captcha-free registrations', async () => {
    const from = newCallerAddress();
    const token = await passedGuest(t, from);
    for (let i = 0; i < FREE + GUEST_REGISTRATIONS; i++) {
      expect((await byEmail(from, bearer(token))).status).toBe(201);
    }
    expect((await byEmail(from, bearer(token))).status).toBe(403);
  });

  it('refuses a guest that has not passed, or has ended', async () => {
    const from = await usedUp();
    const unpassed = await newGuest('GB', from);
    expect((await byEmail(from, bearer(unpassed))).body.errors).toEqual([CAPTCHA_REQUIRED]);
    const low = await newGuest('GB', from);
    expect((await v3(SANDBOX_V3_TOKENS.bot, low, from)).body.data.passed).toBe(false);
    expect((await byPhone(from, bearer(low))).status).toBe(403);

    // a passed guest whose time has run out: SPEC §8's AppCheckExpiredToken, and nothing registered
    const expiring = await passedGuest(t, from);
    t.clock.advance(GUEST_LIFETIME_MINUTES * MINUTE);
    const registrations = (await t.deps.db.selectFrom('registrations').select('id').execute()).length;
    const expired = await byEmail(from, bearer(expiring));
    expect(expired.status).toBe(401);
    expect(expired.body.errors[0].type).toBe(`${URN}AppCheckExpiredToken`);
    expect((await t.deps.db.selectFrom('registrations').select('id').execute()).length).toBe(registrations);
    const checkAgain = await v2(SANDBOX_CAPTCHA_TOKEN, expiring);
    expect(checkAgain.status).toBe(401);
    expect(checkAgain.body.errors[0].type).toBe(`${URN}AppCheckExpiredToken`);
    // a new guest session takes the ended one away: its token is then unknown, and the gate asks for a captcha
    await newGuest('GB', from);
    expect((await byEmail(from, bearer(expiring))).body.errors).toEqual([CAPTCHA_REQUIRED]);
  });

  it('tells nothing about accounts past the captcha-free registrations', async () => {
    const { email } = await registerCustomer(t);
    const from = await usedUp();
    const taken = await byEmail(from, {}, email);
    const free = await byEmail(from, {}, newEmail());
    expect(taken.status).toBe(403);
    expect(taken.body).toEqual(free.body);
  });

  it('still refuses the 11th registration of an hour from one address with 429, whatever the guest', async () => {
    const from = newCallerAddress();
    const { max } = ABUSE_LIMITS.registrationsPerAddress;
    let token = '';
    for (let i = 0; i < max; i++) {
      if (i >= FREE && (i - FREE) % GUEST_REGISTRATIONS === 0) token = await passedGuest(t, from);
      expect((await byEmail(from, token ? bearer(token) : {})).status).toBe(201);
    }
    const fresh = await passedGuest(t, from);
    const refused = await byEmail(from, bearer(fresh));
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].type).toBe(`${URN}EmailDDOS`);
    // the refused call did not spend the fresh guest
    const elsewhere = await usedUp();
    for (let i = 0; i < GUEST_REGISTRATIONS; i++) {
      expect((await byEmail(elsewhere, bearer(fresh))).status).toBe(201);
    }
  });

  it('limits guest sessions and captcha checks per address', async () => {
    const from = newCallerAddress();
    for (let i = 0; i < ABUSE_LIMITS.guestSessionsPerAddress.max; i++) await newGuest('GB', from);
    const tooMany = await guest('GB', from);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.errors[0].type).toBe(`${URN}RateLimited`);

    const token = await newGuest();
    for (let i = 0; i < ABUSE_LIMITS.captchaChecksPerAddress.max; i++) {
      expect((await v3(SANDBOX_V3_TOKENS.bot, token, from)).status).toBe(200);
    }
    const overChecks = await v2(SANDBOX_CAPTCHA_TOKEN, token, from);
    expect(overChecks.status).toBe(429);
    expect((await v2(SANDBOX_CAPTCHA_TOKEN, token)).status).toBe(200);
  });
});
