import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankIdStarted, CodeSent } from '../../../src/domain/contract/oauth.ts';
import { SignedIn } from '../../../src/domain/contract/user.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { bearer, finishRegistration, latestCode } from '../../support/register-customer.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

const URN = 'urn:sarraf:error:';
const newNumber = () => `1986${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
const newMobile = () => `+4670${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
const consent = { accept_terms: true, accept_privacy: true };
const phoneDetails = { password: 'secret12', country: 'SE', ...consent };

/**
 * SPEC §7 names five main-API calls the OAuth-style API already answers
 * under other names; each is one more table entry over the same service.
 */
describe.each(DATABASE_KINDS)('SPEC §7 call names over the OAuth services on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const main = (path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) =>
    t.call('POST', `/api/main${path}`, { ...init, from: newCallerAddress() });
  const typeOf = (res: { body: any }) => res.body.errors[0].type.replace(URN, '');
  /** The customer identifies on the sandbox provider's page. */
  const identify = async (redirectUrl: string) => {
    const done = await t.app.request(`${redirectUrl}confirm`, { method: 'POST' });
    expect(done.status).toBe(303);
  };

  it('POST user/register-with-phone is otp/send: the code is texted and checks as otp/check’s', async () => {
    const mobile = newMobile();
    const res = await main('/user/register-with-phone', { body: { mobile, ...phoneDetails } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    assert(res.body.data, CodeSent);
    const token = res.body.data.registration_token;
    const code = await latestCode(t, mobile);
    const checked = await t.call('POST', '/api/oauth/otp/check', { body: { code }, headers: bearer(token) });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    const signedIn = await finishRegistration(t, token);
    assert(signedIn, SignedIn);
    const customer = await t.deps.db
      .selectFrom('customers')
      .select(['mobile', 'country'])
      .where('id', '=', signedIn.user.id)
      .executeTakeFirst();
    expect(customer).toEqual({ mobile, country: 'SE' });
  });

  it('POST user/register-with-phone refuses what otp/send refuses, and writes nothing', async () => {
    const before = await t.deps.db.selectFrom('registrations').select('id').execute();
    const bad = await main('/user/register-with-phone', { body: { mobile: '+46 8 123', ...phoneDetails } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ property_path: 'mobile' });
    const noConsent = await main('/user/register-with-phone', {
      body: { mobile: newMobile(), password: 'secret12', country: 'SE' },
    });
    expect(noConsent.status).toBe(400);
    expect(await t.deps.db.selectFrom('registrations').select('id').execute()).toHaveLength(before.length);
  });

  it('registers with a personal identity number, then signs in with it through api/bank-id/login', async () => {
    const personal_number = newNumber();
    const refused = await main('/user/register-with-personal-identity-number', {
      body: { country: 'SE', personal_number },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ property_path: 'accept_terms' });

    const registering = await main('/user/register-with-personal-identity-number', {
      body: { country: 'SE', personal_number, ...consent },
    });
    expect(registering.status, JSON.stringify(registering.body)).toBe(201);
    assert(registering.body.data, BankIdStarted);
    const { bank_id_token: registrationToken, redirect_url } = registering.body.data;
    await identify(redirect_url);
    // api/bank-id/login takes a sign-in's session only: a registration's is refused (403 AccessDenied) and left as it was
    const wrongPurpose = await main('/api/bank-id/login', { headers: bearer(registrationToken) });
    expect(wrongPurpose.status).toBe(403);
    expect(typeOf(wrongPurpose)).toBe('AccessDenied');
    const registered = await t.call('POST', '/api/oauth/bankid/check', { headers: bearer(registrationToken) });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);

    const signingIn = await main('/user/login-with-personal-identity-number', {
      body: { country: 'SE', personal_number },
    });
    expect(signingIn.status, JSON.stringify(signingIn.body)).toBe(201);
    assert(signingIn.body.data, BankIdStarted);
    const early = await main('/api/bank-id/login', { headers: bearer(signingIn.body.data.bank_id_token) });
    expect(typeOf(early)).toBe('CantProceedWithProvidedDetails');
    await identify(signingIn.body.data.redirect_url);
    const login = await main('/api/bank-id/login', { headers: bearer(signingIn.body.data.bank_id_token) });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    assert(login.body.data, SignedIn);
    expect(login.body.data.user.id).toBe(registered.body.data.user.id);
    const me = await t.call('POST', '/api/main/user/get', { token: login.body.data.token });
    expect(me.status).toBe(200);
  });

  it('login-with-personal-identity-number refuses a country without bank-ID sign-in', async () => {
    const res = await main('/user/login-with-personal-identity-number', {
      body: { country: 'GB', personal_number: newNumber() },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ type: `${URN}InvalidCountry`, property_path: 'country' });
  });
});
