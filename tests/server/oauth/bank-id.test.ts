import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankIdIdentity, BankIdStarted, MAX_BANK_ID_RESTARTS } from '../../../src/domain/contract/oauth.ts';
import { SignedIn } from '../../../src/domain/contract/user.ts';
import { ABUSE_LIMITS } from '../../../src/server/abuse-limits/limits.ts';
import { SANDBOX_BANK_ID_NUMBERS } from '../../../src/server/providers/bank-id/sandbox-bank-id.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { bearer } from '../../support/register-customer.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

const URN = 'urn:sarraf:error:';

/** A Swedish personal number no other test uses (not one of the sandbox's special ones). */
const newNumber = () => `1985${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
const registration = (personal_number: string, country = 'SE') => ({
  purpose: 'registration',
  country,
  personal_number,
  accept_terms: true,
  accept_privacy: true,
});
const login = (personal_number: string, country = 'SE') => ({ purpose: 'login', country, personal_number });

describe.each(DATABASE_KINDS)('bank ID registration and sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const from = (address?: string) => (address === undefined ? {} : { from: address });
  const init = (body: Record<string, unknown>, address?: string) =>
    t.call('POST', '/api/oauth/bankid/init', { body, ...from(address) });
  const check = (token: string) => t.call('POST', '/api/oauth/bankid/check', { headers: bearer(token) });
  const reset = (token: string, address?: string) =>
    t.call('POST', '/api/oauth/bankid/reset', { headers: bearer(token), ...from(address) });
  const typeOf = (res: { body: any }) => res.body.errors[0].type.replace(URN, '');
  const started = async (body: Record<string, unknown>) => {
    const res = await init(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    assert(res.body.data, BankIdStarted);
    return res.body.data as BankIdStarted;
  };
  /** The customer identifies on the sandbox provider's page; returns where it sends the browser back. */
  const identify = async (redirectUrl: string): Promise<URL> => {
    const shown = await t.call('GET', redirectUrl);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toContain('text/html');
    const done = await t.app.request(`${redirectUrl}confirm`, { method: 'POST' });
    expect(done.status).toBe(303);
    return new URL(done.headers.get('location') ?? '', 'https://app.test');
  };

  it('registers with bank ID through the provider page, then signs in with it', async () => {
    // born on 14 February 1985: a 12-digit Swedish number begins with the date of birth
    const number = `19850214${newNumber().slice(-4)}`;
    const { bank_id_token, redirect_url, _links } = await started(registration(number));
    expect(_links).toEqual({
      'bankid/check': { href: '/api/oauth/bankid/check', method: 'POST' },
      'bankid/reset': { href: '/api/oauth/bankid/reset', method: 'POST' },
      'bankid/ekyc': { href: '/api/oauth/bankid/ekyc', method: 'POST' },
    });
    const ekyc = () => t.call('POST', '/api/oauth/bankid/ekyc', { headers: bearer(bank_id_token) });
    expect(typeOf(await ekyc())).toBe('CantProceedWithProvidedDetails');
    expect((await check(bank_id_token)).body.errors[0]).toMatchObject({
      type: `${URN}CantProceedWithProvidedDetails`,
      message: expect.stringContaining('not identified you yet'),
    });
    const back = await identify(redirect_url);
    expect(back.pathname).toBe('/nets-success');
    expect(back.searchParams.get('order_ref')).toBeTruthy();

    // who the bank identified: the sandbox register's names, the date of birth the number begins with
    const identity = await ekyc();
    expect(identity.status).toBe(200);
    assert(identity.body.data, BankIdIdentity);
    expect(identity.body.data).toEqual({
      given_name: 'Sanna',
      surname: 'Svensson',
      date_of_birth: `${number.slice(0, 4)}-${number.slice(4, 6)}-${number.slice(6, 8)}`,
      personal_number: `••••••••${number.slice(-4)}`,
      _links: { 'bankid/check': { href: '/api/oauth/bankid/check', method: 'POST' } },
    });

    const registered = await check(bank_id_token);
    expect(registered.status).toBe(200);
    assert(registered.body.data, SignedIn);
    expect(registered.body.data.user).toMatchObject({ country: 'SE', email: null, mobile: null });
    // onboarding does not ask again for what the bank ID proved: it starts after the name and date of birth
    expect(registered.body.data.user.redirect_to_full).toBe('registration-nationality');
    const details = await t.call('GET', '/api/main/remit/remitter/temporary-details', {
      token: registered.body.data.token,
    });
    expect(details.body.data).toMatchObject({
      first_name: 'Sanna',
      surname: 'Svensson',
      date_of_birth: identity.body.data.date_of_birth,
    });
    // ekyc belongs to a registration's live session only
    expect(typeOf(await ekyc())).toBe('Unauthorized');
    const me = await t.call('POST', '/api/main/user/get', { token: registered.body.data.token });
    expect(me.status).toBe(200);
    // the session is over once used
    expect(typeOf(await check(bank_id_token))).toBe('Unauthorized');

    const signIn = await started(login(number));
    await identify(signIn.redirect_url);
    const signedIn = await check(signIn.bank_id_token);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.id).toBe(registered.body.data.user.id);
    expect(signedIn.body.data.token).not.toBe(registered.body.data.token);
  });

  it('sends a cancelled and a failed identification to /nets-fail, and signs no one in', async () => {
    for (const [number, reason] of [
      [SANDBOX_BANK_ID_NUMBERS.cancelled, 'cancelled'],
      [SANDBOX_BANK_ID_NUMBERS.failed, 'failed'],
    ] as const) {
      const { bank_id_token, redirect_url } = await started(registration(number));
      const back = await identify(redirect_url);
      expect(back.pathname).toBe('/nets-fail');
      expect(back.searchParams.get('reason')).toBe(reason);
      const res = await check(bank_id_token);
      expect(res.status).toBe(422);
      expect(typeOf(res)).toBe('CantProceedWithProvidedDetails');
      // the page ends an order once
      expect((await t.call('GET', redirect_url)).status).toBe(404);
      expect((await t.app.request(`${redirect_url}confirm`, { method: 'POST' })).status).toBe(404);
    }
  });

  it('starts a new order after a cancel, at most a few times', async () => {
    const { bank_id_token, redirect_url } = await started(registration(SANDBOX_BANK_ID_NUMBERS.cancelled));
    await identify(redirect_url);
    for (let n = 0; n < MAX_BANK_ID_RESTARTS; n++) {
      const again = await reset(bank_id_token);
      expect(again.status).toBe(200);
      // the last order it may start no longer links to reset
      expect(Object.keys(again.body.data._links)).toEqual(
        n < MAX_BANK_ID_RESTARTS - 1
          ? ['bankid/check', 'bankid/reset', 'bankid/ekyc']
          : ['bankid/check', 'bankid/ekyc'],
      );
      expect(again.body.data.redirect_url).not.toBe(redirect_url);
      expect((await t.call('GET', again.body.data.redirect_url)).status).toBe(200);
    }
    const over = await reset(bank_id_token);
    expect(over.status).toBe(429);
    expect(typeOf(over)).toBe('BankIdResetDDOS');
    expect(typeOf(await reset('not-a-live-bank-id-token-0123'))).toBe('Unauthorized');
  });

  it('refuses a second account for a number, and a sign-in for a number without one', async () => {
    const number = newNumber();
    const first = await started(registration(number));
    await identify(first.redirect_url);
    expect((await check(first.bank_id_token)).status).toBe(200);
    const second = await started(registration(number));
    await identify(second.redirect_url);
    const again = await check(second.bank_id_token);
    expect(again.status).toBe(409);
    expect(typeOf(again)).toBe('CustomerAlreadyExists');
    // the same number in Norway is another person's
    const norway = await started(registration(number.slice(1), 'NO'));
    await identify(norway.redirect_url);
    expect((await check(norway.bank_id_token)).status).toBe(200);

    const stranger = await started(login(newNumber()));
    await identify(stranger.redirect_url);
    const unknown = await check(stranger.bank_id_token);
    expect(unknown.status).toBe(404);
    expect(typeOf(unknown)).toBe('CustomerNotFound');
  });

  it('refuses a blocked customer signing in with bank ID', async () => {
    const number = newNumber();
    const first = await started(registration(number));
    await identify(first.redirect_url);
    const { user } = (await check(first.bank_id_token)).body.data;
    await t.deps.db.updateTable('customers').set({ status: 'blocked' }).where('id', '=', user.id).execute();
    const signIn = await started(login(number));
    await identify(signIn.redirect_url);
    const refused = await check(signIn.bank_id_token);
    expect(refused.status).toBe(403);
    expect(typeOf(refused)).toBe('DisabledCustomer');
  });

  it('refuses bad input with a 400 naming the field, and a country without bank ID', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [registration('12345'), 'ValidationFailed', 'personal_number'],
      [registration('19900101123x'), 'ValidationFailed', 'personal_number'],
      [{ ...registration(newNumber()), accept_terms: false }, 'ValidationFailed', 'accept_terms'],
      [{ ...registration(newNumber()), accept_privacy: undefined }, 'ValidationFailed', 'accept_privacy'],
      [registration(newNumber(), 'GB'), 'InvalidCountry', 'country'],
      [login(newNumber(), 'DK'), 'InvalidCountry', 'country'],
      [{ ...login(newNumber()), purpose: 'migrate' }, 'ValidationFailed', 'purpose'],
    ];
    const before = await t.deps.db
      .selectFrom('bank_id_sessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const [body, type, field] of cases) {
      const res = await init(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ type: `${URN}${type}`, property_path: field });
    }
    const after = await t.deps.db
      .selectFrom('bank_id_sessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await t.call('POST', '/api/oauth/bankid/check')).status).toBe(401);
  });

  it('refuses bank-ID starts past the limit of a client address', async () => {
    const address = newCallerAddress();
    const { max } = ABUSE_LIMITS.bankIdStartsPerAddress;
    for (let n = 0; n < max; n++) expect((await init(login(newNumber()), address)).status).toBe(201);
    const over = await init(login(newNumber()), address);
    expect(over.status).toBe(429);
    expect(typeOf(over)).toBe('BankIdResetDDOS');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await init(login(newNumber()), newCallerAddress())).status).toBe(201);
  });
});
