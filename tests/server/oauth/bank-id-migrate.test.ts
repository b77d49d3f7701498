import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankIdMigration } from '../../../src/domain/contract/oauth.ts';
import { SignedIn } from '../../../src/domain/contract/user.ts';
import { SANDBOX_BANK_ID_NUMBERS } from '../../../src/server/providers/bank-id/sandbox-bank-id.ts';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { bearer } from '../../support/register-customer.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

const URN = 'urn:sarraf:error:';

/** A Swedish personal number no other test uses. */
const newNumber = () => `1986${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
let customers = 0;
const newId = () => `cus_migrate_${Date.now()}_${customers++}`;

describe.each(DATABASE_KINDS)('bank-ID migrate of an e-mail account on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  // each call from its own address, so the bank-ID start limit of one address is not what these tests meet
  const migrate = (token: string, personalIdentityNumber: unknown) =>
    t.call('POST', '/api/main/api/bank-id/migrate', {
      token,
      body: { personalIdentityNumber },
      from: newCallerAddress(),
    });
  const check = (token: string) => t.call('POST', '/api/oauth/bankid/check', { headers: bearer(token) });
  const typeOf = (res: { body: any }) => res.body.errors[0].type.replace(URN, '');
  const started = async (session: string, number: string) => {
    const res = await migrate(session, number);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    assert(res.body.data, BankIdMigration);
    return res.body.data as BankIdMigration;
  };
  /** The customer identifies on the sandbox provider's page; returns where it sends the browser back. */
  const identify = async (redirectUrl: string): Promise<URL> => {
    const done = await t.app.request(`${redirectUrl}confirm`, { method: 'POST' });
    expect(done.status).toBe(303);
    return new URL(done.headers.get('location') ?? '', 'https://app.test');
  };
  const me = async (session: string) => {
    const res = await t.call('POST', '/api/main/user/get', { token: session });
    expect(res.status).toBe(200);
    return res.body.data.user;
  };
  const signInWithBankId = (personal_number: string) =>
    t.call('POST', '/api/oauth/bankid/init', {
      body: { purpose: 'login', country: 'SE', personal_number },
      from: newCallerAddress(),
    });

  it('ties the identified number to the account, which then signs in with bank ID', async () => {
    const id = newId();
    const session = await signedInCustomer(t, id, 'SE');
    expect(await me(session)).toMatchObject({
      personalIdentityNumberVerified: false,
      sourceCountry: { bankIdLogin: true },
    });
    const number = newNumber();
    // no account has the number yet: bank-ID sign-in finds no one
    const before = await signInWithBankId(number);
    await identify(before.body.data.redirect_url);
    expect(typeOf(await check(before.body.data.bank_id_token))).toBe('CustomerNotFound');

    const migration = await started(session, number);
    expect(migration.url).toBe(migration.redirect_url);
    expect(migration._links).toEqual({
      'bankid/check': { href: '/api/oauth/bankid/check', method: 'POST' },
      'bankid/reset': { href: '/api/oauth/bankid/reset', method: 'POST' },
    });
    expect(typeOf(await check(migration.bank_id_token))).toBe('CantProceedWithProvidedDetails');
    expect((await identify(migration.url)).pathname).toBe('/nets-success');
    const tied = await check(migration.bank_id_token);
    expect(tied.status, JSON.stringify(tied.body)).toBe(200);
    assert(tied.body.data, SignedIn);
    expect(tied.body.data.user).toMatchObject({
      id,
      personalIdentityNumberVerified: true,
      email: `${id}@example.test`,
    });
    expect(await me(tied.body.data.token)).toMatchObject({ id, personalIdentityNumberVerified: true });
    // the earlier session goes on
    expect((await me(session)).personalIdentityNumberVerified).toBe(true);

    const signIn = await signInWithBankId(number);
    await identify(signIn.body.data.redirect_url);
    const signedIn = await check(signIn.body.data.bank_id_token);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.id).toBe(id);

    // once tied, there is nothing to migrate
    const again = await migrate(session, newNumber());
    expect(again.status).toBe(409);
    expect(typeOf(again)).toBe('AccountAlreadyExists');
  });

  it("refuses another account's number, and ties nothing", async () => {
    const holder = await signedInCustomer(t, newId(), 'SE');
    const number = newNumber();
    const first = await started(holder, number);
    await identify(first.url);
    expect((await check(first.bank_id_token)).status).toBe(200);

    const other = await signedInCustomer(t, newId(), 'SE');
    const second = await started(other, number);
    await identify(second.url);
    const refused = await check(second.bank_id_token);
    expect(refused.status).toBe(409);
    expect(typeOf(refused)).toBe('AccountAlreadyExists');
    expect((await me(other)).personalIdentityNumberVerified).toBe(false);
  });

  it('ties nothing when the identification is cancelled, and may start a new order', async () => {
    const session = await signedInCustomer(t, newId(), 'SE');
    const migration = await started(session, SANDBOX_BANK_ID_NUMBERS.cancelled);
    expect((await identify(migration.url)).pathname).toBe('/nets-fail');
    expect(typeOf(await check(migration.bank_id_token))).toBe('CantProceedWithProvidedDetails');
    expect((await me(session)).personalIdentityNumberVerified).toBe(false);
    const again = await t.call('POST', '/api/oauth/bankid/reset', {
      headers: bearer(migration.bank_id_token),
      from: newCallerAddress(),
    });
    expect(again.status).toBe(200);
    expect(Object.keys(again.body.data._links)).toEqual(['bankid/check', 'bankid/reset']);
  });

  it('is only for a signed-in customer of a bank-ID country, with a personal number of 10 to 12 digits', async () => {
    expect(
      (await t.call('POST', '/api/main/api/bank-id/migrate', { body: { personalIdentityNumber: newNumber() } })).status,
    ).toBe(401);
    const british = await signedInCustomer(t, newId(), 'GB');
    const elsewhere = await migrate(british, newNumber());
    expect(elsewhere.status).toBe(400);
    expect(typeOf(elsewhere)).toBe('InvalidCountry');
    expect((await me(british)).sourceCountry.bankIdLogin).toBe(false);

    const swedish = await signedInCustomer(t, newId(), 'SE');
    for (const wrong of ['12345', '1985010112391', 'abcdefghij', 1985010112]) {
      const res = await migrate(swedish, wrong);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].property_path).toBe('personalIdentityNumber');
    }
  });
});
