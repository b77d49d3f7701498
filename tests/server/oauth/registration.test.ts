import { sql } from 'kysely';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeResent, CodeSent, CodeVerified, RegistrationCommitted } from '../../../src/domain/contract/oauth.ts';
import { SignedIn, UserData } from '../../../src/domain/contract/user.ts';
import { PASSWORD_MESSAGE } from '../../../src/domain/rules.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import {
  bearer,
  finishRegistration,
  latestCode,
  registerCustomer,
  startRegistration,
} from '../../support/register-customer.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

let n = 0;
const newEmail = () => `applicant-${++n}-${Date.now()}@example.test`;
const details = (email = newEmail()) => ({ email, password: 'secret12', country: 'GB' });
/** A six-digit code that is certainly not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(DATABASE_KINDS)('registration by e-mail on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const send = (body: Record<string, unknown>) => t.call('POST', '/api/oauth/email/send', { body });
  const reset = (token: string) => t.call('POST', '/api/oauth/email/reset', { headers: bearer(token) });
  const check = (token: string, code: string) =>
    t.call('POST', '/api/oauth/email/check', { body: { code }, headers: bearer(token) });
  const errorOf = (res: { body: any }) => res.body.errors[0];

  it('e-mails a code; the right code verifies the registration, commit creates the customer, jwt2auth signs them in', async () => {
    const email = newEmail();
    const now = t.clock.now().getTime();
    const sent = await send({
      email: `  ${email} `,
      password: 'Tr0ub4dor',
      country: 'se',
      accept_terms: true,
      accept_privacy: true,
      locale: 'sv',
    });
    expect(sent.status).toBe(201);
    assert(sent.body.data, CodeSent);
    expect(sent.body.data.registration_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent.body.data.resend_available_at).toBe(new Date(now + 60 * SECOND).toISOString());
    expect(sent.body.data.code_expires_at).toBe(new Date(now + 10 * MINUTE).toISOString());
    // the answer links to its next calls: check the code, ask for a new one, or end the registration
    expect(sent.body.data._links).toEqual({
      'email/check': { href: '/api/oauth/email/check', method: 'POST' },
      'email/reset': { href: '/api/oauth/email/reset', method: 'POST' },
      flush: { href: '/api/oauth/flush', method: 'POST' },
    });

    const code = await latestCode(t, email);
    expect(code).toMatch(/^\d{6}$/);
    t.clock.advance(30 * SECOND);
    const registrationToken = sent.body.data.registration_token;
    const checked = await check(registrationToken, code);
    expect(checked.status).toBe(200);
    assert(checked.body.data, CodeVerified);
    expect(checked.body.data).toEqual({
      verified_at: t.clock.now().toISOString(),
      _links: {
        commit: { href: '/api/oauth/commit', method: 'POST' },
        flush: { href: '/api/oauth/flush', method: 'POST' },
      },
    });
    // no account until the registration is committed; a check again answers the same, a new code is refused
    expect(await t.deps.db.selectFrom('customers').select('id').where('email', '=', email).execute()).toEqual([]);
    expect((await check(registrationToken, code)).body.data).toEqual(checked.body.data);
    expect(errorOf(await reset(registrationToken)).type).toBe('urn:sarraf:error:InvalidTransition');

    const committed = await t.call('POST', '/api/oauth/commit', { headers: bearer(registrationToken) });
    expect(committed.status).toBe(201);
    assert(committed.body.data, RegistrationCommitted);
    expect(committed.body.data._links).toEqual({ jwt2auth: { href: '/api/oauth/jwt2auth', method: 'POST' } });
    expect(committed.body.data.expires_at).toBe(new Date(t.clock.now().getTime() + 120 * SECOND).toISOString());
    const signedIn = await t.call('POST', '/api/oauth/jwt2auth', { body: { jwt: committed.body.data.jwt } });
    expect(signedIn.status).toBe(200);
    assert(signedIn.body.data, SignedIn);
    const { token, user } = signedIn.body.data;
    expect(user).toMatchObject({
      email,
      country: 'SE',
      locale: 'sv',
      sourceCountry: { iso2: 'SE', currency: 'SEK', bankIdLogin: true },
      status: 'active',
      verification: { status: 'NotRegistered' },
      isFullyRegistered: false,
      redirect_to_full: 'registration-name',
      purposeOfAccount: null,
      isRemittanceEnabled: false,
    });

    const me = await t.call('POST', '/api/main/user/get', { token });
    expect(me.status).toBe(200);
    assert(me.body.data, UserData);
    expect(me.body.data.user.id).toBe(user.id);

    const customer = await t.deps.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(customer.email_verified_at?.toISOString()).toBe(t.clock.now().toISOString());
    const consents = await t.deps.db
      .selectFrom('customer_consents')
      .select(['document', 'document_url'])
      .where('customer_id', '=', user.id)
      .orderBy('document')
      .execute();
    expect(consents).toEqual([
      { document: 'privacy_policy', document_url: expect.stringContaining('/se/privacy-policy') },
      { document: 'terms_and_conditions', document_url: expect.stringContaining('/se/terms-and-conditions') },
    ]);
    // the registration is over: its token no longer works, and the hand-over was taken once
    expect((await check(registrationToken, code)).status).toBe(401);
    expect((await t.call('POST', '/api/oauth/commit', { headers: bearer(registrationToken) })).status).toBe(401);
    const again = await t.call('POST', '/api/oauth/jwt2auth', { body: { jwt: committed.body.data.jwt } });
    expect(again.status).toBe(401);
    expect(errorOf(again).type).toBe('urn:sarraf:error:Unauthorized');
  });

  it('commits only a verified registration, and takes a hand-over only as we signed it and before it runs out', async () => {
    const email = newEmail();
    const registrationToken = await startRegistration(t, details(email));
    const early = await t.call('POST', '/api/oauth/commit', { headers: bearer(registrationToken) });
    expect(early.status).toBe(400);
    expect(errorOf(early)).toMatchObject({ type: 'urn:sarraf:error:CodeNotDefined', property_path: 'code' });
    expect((await check(registrationToken, await latestCode(t, email))).status).toBe(200);
    const committed = await t.call('POST', '/api/oauth/commit', { headers: bearer(registrationToken) });
    const { jwt } = committed.body.data;

    const [header, payload, signature] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ iss: 'sarraf-oauth', aud: 'sarraf-main', sub: expect.stringMatching(/^cus_/) });
    const forged = [
      // another customer named under the same signature
      `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'cus_someone_else' })).toString('base64url')}.${signature}`,
      // no signature at all
      `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`,
      'not-a-jwt',
    ];
    for (const attempt of forged) {
      const res = await t.call('POST', '/api/oauth/jwt2auth', { body: { jwt: attempt } });
      expect(res.status, attempt).toBe(401);
    }
    t.clock.advance(121 * SECOND);
    expect((await t.call('POST', '/api/oauth/jwt2auth', { body: { jwt } })).status).toBe(401);
    // the customer exists all the same, and signs in with their password
    const login = await t.call('POST', '/api/main/user/login', { body: { email, password: 'secret12' } });
    expect(login.status).toBe(200);
  });

  it.each([
    ['email', { email: 'not-an-email' }, 'The email field must be a valid email'],
    ['email', { email: 'a@b' }, 'The email field must be a valid email'],
    ['password', { password: 'abcdefgh' }, PASSWORD_MESSAGE],
    ['password', { password: '1234567' }, PASSWORD_MESSAGE],
    ['password', { password: 'ab1' }, PASSWORD_MESSAGE],
    ['country', { country: 'SO' }, 'Sarraf does not serve this country'],
    ['accept_terms', { accept_terms: false }, 'Accept the terms and conditions to continue'],
    ['accept_privacy', { accept_privacy: undefined }, 'The accept_privacy field is required'],
    ['locale', { locale: 'de' }, 'The locale field is invalid'],
  ])('refuses a bad %s with a 400 naming the field (%j) and sends nothing', async (field, change, message) => {
    const email = newEmail();
    const res = await send({ ...details(email), accept_terms: true, accept_privacy: true, ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ type: 'urn:sarraf:error:ValidationFailed', message, property_path: field }]);
    const stored = await t.deps.db
      .selectFrom('registrations')
      .select('id')
      .where(sql<string>`lower(destination)`, '=', email)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses an address that already has an account, in any letter case', async () => {
    const { email } = await registerCustomer(t);
    const res = await send({ ...details(email.toUpperCase()), accept_terms: true, accept_privacy: true });
    expect(res.status).toBe(409);
    expect(errorOf(res)).toMatchObject({ type: 'urn:sarraf:error:CustomerAlreadyExists', property_path: 'email' });
  });

  it('refuses a new code within 60 s of the last one (EmailSendExist, SPEC §8), saying when, and sends one after', async () => {
    const email = newEmail();
    const token = await startRegistration(t, details(email));
    const first = await latestCode(t, email);

    const tooSoon = await reset(token);
    expect(tooSoon.status).toBe(429);
    expect(errorOf(tooSoon)).toMatchObject({ type: 'urn:sarraf:error:EmailSendExist' });
    expect(errorOf(tooSoon).message).toContain('in 60 seconds');
    expect(tooSoon.headers.get('retry-after')).toBe('60');
    t.clock.advance(45 * SECOND);
    const later = await reset(token);
    expect(errorOf(later).message).toContain('in 15 seconds');
    expect(later.headers.get('retry-after')).toBe('15');

    t.clock.advance(15 * SECOND);
    const now = t.clock.now().getTime();
    const again = await reset(token);
    expect(again.status).toBe(200);
    assert(again.body.data, CodeResent);
    expect(again.body.data).toEqual({
      resend_available_at: new Date(now + 60 * SECOND).toISOString(),
      code_expires_at: new Date(now + 10 * MINUTE).toISOString(),
      _links: {
        'email/check': { href: '/api/oauth/email/check', method: 'POST' },
        'email/reset': { href: '/api/oauth/email/reset', method: 'POST' },
        flush: { href: '/api/oauth/flush', method: 'POST' },
      },
    });
    const second = await latestCode(t, email);
    if (second !== first) {
      expect(errorOf(await check(token, first)).type).toBe('urn:sarraf:error:CodeMismatch');
    }
    expect((await check(token, second)).status).toBe(200);
  });

  it('ends a registration on flush: its code and token stop working, and flushing again answers the same', async () => {
    const email = `flush-${crypto.randomUUID()}@example.test`;
    const token = await startRegistration(t, details(email));
    const code = await latestCode(t, email);
    const flush = () => t.call('POST', '/api/oauth/flush', { headers: bearer(token) });
    const flushed = await flush();
    expect(flushed.status).toBe(204);
    const late = await check(token, code);
    expect(late.status).toBe(401);
    expect(errorOf(late).type).toBe('urn:sarraf:error:Unauthorized');
    t.clock.advance(60 * SECOND);
    expect((await reset(token)).status).toBe(401);
    expect((await flush()).status).toBe(204);
    expect((await t.call('POST', '/api/oauth/flush')).status).toBe(401);
    // the same details start again at once
    expect(await startRegistration(t, details(email))).not.toBe(token);
  });

  it('sends at most five codes per registration', async () => {
    const token = await startRegistration(t, details());
    for (let i = 0; i < 4; i++) {
      t.clock.advance(60 * SECOND);
      const resent = await reset(token);
      expect(resent.status).toBe(200);
      // the fifth code's answer no longer links to reset
      expect(Object.keys(resent.body.data._links)).toEqual(
        i < 3 ? ['email/check', 'email/reset', 'flush'] : ['email/check', 'flush'],
      );
    }
    t.clock.advance(60 * SECOND);
    const sixth = await reset(token);
    expect(sixth.status).toBe(429);
    expect(errorOf(sixth).type).toBe('urn:sarraf:error:EmailSendLimit');
  });

  it('answers a wrong code with CodeMismatch on the code field', async () => {
    const email = newEmail();
    const token = await startRegistration(t, details(email));
    const code = await latestCode(t, email);
    const res = await check(token, wrong(code));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      {
        type: 'urn:sarraf:error:CodeMismatch',
        message: 'The verification code is incorrect. 4 tries left.',
        property_path: 'code',
      },
    ]);
    expect((await check(token, code)).status).toBe(200);
  });

  it('burns the code on the 5th wrong attempt; a new code works again', async () => {
    const email = newEmail();
    const token = await startRegistration(t, details(email));
    const code = await latestCode(t, email);
    for (let i = 1; i <= 4; i++) {
      expect(errorOf(await check(token, wrong(code))).type).toBe('urn:sarraf:error:CodeMismatch');
    }
    const fifth = await check(token, wrong(code));
    expect(fifth.status).toBe(429);
    expect(errorOf(fifth)).toMatchObject({ type: 'urn:sarraf:error:AttemptLimit', property_path: 'code' });
    const rightButBurnt = await check(token, code);
    expect(rightButBurnt.status).toBe(429);
    expect(errorOf(rightButBurnt).type).toBe('urn:sarraf:error:AttemptLimit');

    t.clock.advance(60 * SECOND);
    expect((await reset(token)).status).toBe(200);
    const fresh = await latestCode(t, email);
    expect((await check(token, fresh)).status).toBe(200);
  });

  it('counts concurrent wrong codes without losing one', async () => {
    const email = newEmail();
    const token = await startRegistration(t, details(email));
    const code = await latestCode(t, email);
    const results = await Promise.all(Array.from({ length: 8 }, () => check(token, wrong(code))));
    const types = results.map((r) => errorOf(r).type.replace('urn:sarraf:error:', '')).sort();
    expect(types).toEqual([...Array(4).fill('AttemptLimit'), ...Array(4).fill('CodeMismatch')]);
    expect(errorOf(await check(token, code)).type).toBe('urn:sarraf:error:AttemptLimit');
  });

  it('refuses a code after 10 minutes as expired; a new code works', async () => {
    const email = newEmail();
    const token = await startRegistration(t, details(email));
    const code = await latestCode(t, email);
    t.clock.advance(10 * MINUTE);
    const late = await check(token, code);
    expect(late.status).toBe(422);
    expect(errorOf(late)).toMatchObject({ type: 'urn:sarraf:error:CodeMismatch', property_path: 'code' });
    expect(errorOf(late).message).toMatch(/expired/);
    expect((await reset(token)).status).toBe(200);
    expect((await check(token, await latestCode(t, email))).status).toBe(200);
  });

  it("does not let one registration's token check another's code", async () => {
    const aliceEmail = newEmail();
    const bobEmail = newEmail();
    const alice = await startRegistration(t, details(aliceEmail));
    const bob = await startRegistration(t, details(bobEmail));
    const aliceCode = await latestCode(t, aliceEmail);
    const bobCode = await latestCode(t, bobEmail);
    if (aliceCode !== bobCode) {
      expect(errorOf(await check(bob, aliceCode)).type).toBe('urn:sarraf:error:CodeMismatch');
    }
    expect((await check(alice, aliceCode)).status).toBe(200);
    expect((await finishRegistration(t, alice)).user.email).toBe(aliceEmail);
    expect((await check(bob, bobCode)).status).toBe(200);
    expect((await finishRegistration(t, bob)).user.email).toBe(bobEmail);
  });

  it('answers 401 without a live registration token', async () => {
    expect((await t.call('POST', '/api/oauth/email/reset')).status).toBe(401);
    expect((await check('A'.repeat(43), '123456')).status).toBe(401);
    const token = await startRegistration(t, details());
    t.clock.advance(60 * MINUTE);
    const ended = await reset(token);
    expect(ended.status).toBe(401);
    expect(errorOf(ended).type).toBe('urn:sarraf:error:Unauthorized');
  });

  it('lets the first of two registrations of one address win', async () => {
    const email = newEmail();
    const first = await startRegistration(t, details(email));
    const firstCode = await latestCode(t, email);
    const second = await startRegistration(t, details(email));
    const secondCode = await latestCode(t, email);
    expect((await check(second, secondCode)).status).toBe(200);
    await finishRegistration(t, second);
    expect((await check(first, firstCode)).status).toBe(200);
    const late = await t.call('POST', '/api/oauth/commit', { headers: bearer(first) });
    expect(late.status).toBe(409);
    expect(errorOf(late).type).toBe('urn:sarraf:error:CustomerAlreadyExists');
  });

  it('creates one account when two registrations of one address are confirmed at once', async () => {
    const email = newEmail();
    const first = await startRegistration(t, details(email));
    const firstCode = await latestCode(t, email);
    const second = await startRegistration(t, details(email));
    const secondCode = await latestCode(t, email);
    expect((await Promise.all([check(first, firstCode), check(second, secondCode)])).map((r) => r.status)).toEqual([
      200, 200,
    ]);
    const commit = (token: string) => t.call('POST', '/api/oauth/commit', { headers: bearer(token) });
    const results = await Promise.all([commit(first), commit(second)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const accounts = await t.deps.db
      .selectFrom('customers')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email)
      .execute();
    expect(accounts).toHaveLength(1);
  });

  it('starts at most five registrations per e-mail an hour, from any addresses', async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) await startRegistration(t, details(email));
    const sixth = await send({ ...details(email), accept_terms: true, accept_privacy: true });
    expect(sixth.status).toBe(429);
    expect(errorOf(sixth)).toMatchObject({ type: 'urn:sarraf:error:EmailSendDDOS', property_path: 'email' });
    expect(sixth.headers.get('retry-after')).toBe('3600');
    t.clock.advance(60 * MINUTE);
    await startRegistration(t, details(email));
  });

  it('keeps no password, code or token in clear, and hashes the password with argon2id', async () => {
    const email = newEmail();
    const password = 'Unique-Passw0rd-42';
    const registrationToken = await startRegistration(t, { email, password, country: 'GB' });
    const code = await latestCode(t, email);
    const pending = await t.deps.db
      .selectFrom('registrations')
      .selectAll()
      .where('destination', '=', email)
      .executeTakeFirstOrThrow();
    const pendingText = JSON.stringify(pending);
    expect(pendingText).not.toContain(password);
    expect(pendingText).not.toContain(registrationToken);
    expect(pendingText).not.toContain(`"${code}"`);
    expect(pending.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,p=\d+,t=\d+\$/);

    expect((await check(registrationToken, code)).status).toBe(200);
    const signedIn = await finishRegistration(t, registrationToken);
    const customer = await t.deps.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', signedIn.user.id)
      .executeTakeFirstOrThrow();
    expect(customer.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(customer)).not.toContain(password);
    const sessions = await t.deps.db.selectFrom('sessions').select('token_hash').execute();
    expect(sessions.map((s) => s.token_hash)).not.toContain(signedIn.token);
  });
});
