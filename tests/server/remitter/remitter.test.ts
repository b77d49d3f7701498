import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemitterDetails } from '../../../src/domain/contract/remitter.ts';
import { UserData } from '../../../src/domain/contract/user.ts';
import { UNDER_AGE_MESSAGE } from '../../../src/domain/rules.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { registerCustomer } from '../../support/register-customer.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const MAIN = '/api/main';

describe.each(DATABASE_KINDS)('the remitter record on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const create = (token: string, body: unknown) => t.call('POST', `${MAIN}/remit/remitter/create`, { token, body });
  const update = (token: string, body: unknown) => t.call('POST', `${MAIN}/remit/remitter/update`, { token, body });
  const details = (token: string) => t.call('GET', `${MAIN}/remit/remitter/temporary-details`, { token });
  const getUser = (token: string) => t.call('POST', `${MAIN}/user/get`, { token });
  const refusal = (res: { body: any }) => ({
    type: res.body.errors[0].type.replace('urn:sarraf:error:', ''),
    field: res.body.errors[0].property_path,
  });
  /** A birth date `years` years and `days` days before the test clock's day, as YYYY-MM-DD. */
  const bornAgo = (years: number, days = 0) => {
    const now = t.clock.now();
    const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() - days));
    return d.toISOString().slice(0, 10);
  };
  const rowOf = (id: string) =>
    t.deps.db.selectFrom('remitters').selectAll().where('customer_id', '=', id).executeTakeFirst();

  it('walks a GB customer through every step, resuming each time at the step left', async () => {
    const c = await registerCustomer(t, { country: 'GB' });
    expect((await details(c.token)).body.data.next_step).toBe('registration-name');
    expect((await getUser(c.token)).body.data).toMatchObject({
      remitter: null,
      user: { redirect_to_full: 'registration-name', isFullyRegistered: false },
    });

    const created = await create(c.token, { first_name: ' Amina ', surname: 'Abdi-Warsame' });
    expect(created.status).toBe(201);
    assert(created.body.data, RemitterDetails);
    expect(created.body.data).toMatchObject({ first_name: 'Amina', surname: 'Abdi-Warsame' });
    expect(created.body.data.next_step).toBe('registration-nationality');

    const steps: [unknown, string | null][] = [
      [{ nationality: 'so' }, 'registration-date-of-birthday'],
      [{ date_of_birth: bornAgo(30) }, 'address-search'],
      [{ address: { street: '1 Deansgate', city: 'Manchester', postcode: 'M3 1AZ', province: null } }, 'occupation'],
      [{ occupation: 'Nurse' }, 'registration-reason-of-usage'],
      [{ reason_of_usage: 'family_support', purpose_of_account: 'family_and_friends' }, null],
    ];
    for (const [body, next] of steps) {
      const res = await update(c.token, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.next_step).toBe(next);
      expect((await getUser(c.token)).body.data.user.redirect_to_full).toBe(next);
    }

    const user = await getUser(c.token);
    assert(user.body.data, UserData);
    expect(user.body.data.user).toMatchObject({
      name: 'Amina Abdi-Warsame',
      isFullyRegistered: true,
      redirect_to_full: null,
      purposeOfAccount: 'family_and_friends',
      address: { street: '1 Deansgate', city: 'Manchester', postcode: 'M3 1AZ', province: null },
      // the automatic checks ran once onboarding was done, and passed (verification tests cover the rest)
      verification: { status: 'Pass' },
      isRemittanceEnabled: true,
    });
    expect(user.body.data.remitter).toEqual({
      country_code: 'GB',
      country: 'United Kingdom',
      street: '1 Deansgate',
      postcode: 'M3 1AZ',
      name: 'Amina',
      surname: 'Abdi-Warsame',
      email: c.email,
    });
    expect((await details(c.token)).body.data).toMatchObject({ nationality: 'SO', date_of_birth: bornAgo(30) });

    const signIn = await t.call('POST', `${MAIN}/user/login`, { body: { email: c.email, password: c.password } });
    expect(signIn.body.data.user.redirect_to_full).toBeNull();
  });

  it('sends a half-registered customer who signs in back to the step they left', async () => {
    const c = await registerCustomer(t);
    await create(c.token, { first_name: 'Hodan', surname: 'Ali' });
    await update(c.token, { nationality: 'SE' });
    const signIn = await t.call('POST', `${MAIN}/user/login`, { body: { email: c.email, password: c.password } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.user).toMatchObject({
      redirect_to_full: 'registration-date-of-birthday',
      isFullyRegistered: false,
    });
  });

  it('refuses anyone under 18, over 100 years back, or born today or later, writing nothing', async () => {
    const c = await registerCustomer(t);
    await create(c.token, { first_name: 'Ayaan', surname: 'Hirsi' });
    const before = await rowOf(c.user.id);
    for (const [date, message] of [
      [bornAgo(18, -1), UNDER_AGE_MESSAGE],
      [bornAgo(0), /between/],
      [bornAgo(0, -3), /between/],
      [bornAgo(100, 1), /between/],
    ] as const) {
      const res = await update(c.token, { date_of_birth: date, occupation: 'Teacher' });
      expect(res.status, date).toBe(400);
      expect(refusal(res)).toEqual({ type: 'ValidationFailed', field: 'date_of_birth' });
      expect(res.body.errors[0].message).toMatch(message);
    }
    expect(await rowOf(c.user.id)).toEqual(before);
    expect((await update(c.token, { date_of_birth: bornAgo(18) })).status).toBe(200);
    expect((await update(c.token, { date_of_birth: '31/01/1990' })).status).toBe(400);
  });

  it('names the field of every malformed answer, and writes nothing', async () => {
    const c = await registerCustomer(t);
    expect(refusal(await create(c.token, { first_name: 'Amina2', surname: 'Abdi' }))).toEqual({
      type: 'ValidationFailed',
      field: 'first_name',
    });
    expect(await rowOf(c.user.id)).toBeUndefined();
    await create(c.token, { first_name: 'Amina', surname: 'Abdi' });
    const before = await rowOf(c.user.id);
    const cases: [unknown, string | null][] = [
      [{}, null],
      [{ nationality: 'XX' }, 'nationality'],
      [{ occupation: '1234' }, 'occupation'],
      [{ reason_of_usage: 'gambling' }, 'reason_of_usage'],
      [{ purpose_of_account: 'other' }, 'purpose_of_account'],
      [{ address: { street: '12', city: 'London', postcode: 'SW1A 2AA', province: null } }, 'address.street'],
      [{ address: { street: 'High St', city: 'London', postcode: 'SW1A 2AA', province: 'ON' } }, 'address.province'],
      [{ usa_state: 'TX' }, 'usa_state'],
      [{ ssn: '123-45-6789' }, 'ssn'],
    ];
    for (const [body, field] of cases) {
      const res = await update(c.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].property_path, JSON.stringify(body)).toBe(field);
    }
    expect(await rowOf(c.user.id)).toEqual(before);
  });

  it('starts a record once; updates need one', async () => {
    const c = await registerCustomer(t);
    const early = await update(c.token, { nationality: 'GB' });
    expect(early.status).toBe(404);
    expect(refusal(early).type).toBe('NotFound');
    expect((await create(c.token, { first_name: 'A', surname: 'B' })).status).toBe(201);
    const again = await create(c.token, { first_name: 'C', surname: 'D' });
    expect(again.status).toBe(409);
    expect(refusal(again).type).toBe('AccountAlreadyExists');
    expect((await details(c.token)).body.data).toMatchObject({ first_name: 'A', surname: 'B' });
  });

  it('asks a US resident for an active state and an SSN, keeping only its last four digits', async () => {
    const c = await registerCustomer(t, { country: 'US' });
    await create(c.token, { first_name: 'Liban', surname: 'Farah' });
    await update(c.token, {
      nationality: 'US',
      date_of_birth: bornAgo(40),
      address: { street: '1500 Marilla Street', city: 'Dallas', postcode: '75201', province: 'TX' },
      occupation: 'Engineer',
      reason_of_usage: 'bills',
      purpose_of_account: 'business',
    });
    expect((await details(c.token)).body.data.next_step).toBe('ssn');
    const missingProvince = await update(c.token, {
      address: { street: '1500 Marilla Street', city: 'Dallas', postcode: '75201', province: null },
    });
    expect(refusal(missingProvince)).toEqual({ type: 'ValidationFailed', field: 'address.province' });

    const inactive = await update(c.token, { usa_state: 'NY', ssn: '123-45-6789' });
    expect(inactive.status).toBe(400);
    expect(refusal(inactive)).toEqual({ type: 'InvalidInformation', field: 'usa_state' });
    expect(refusal(await update(c.token, { usa_state: 'TX', ssn: '000-12-3456' }))).toEqual({
      type: 'ValidationFailed',
      field: 'ssn',
    });
    expect((await details(c.token)).body.data).toMatchObject({ usa_state: null, ssn_last4: null });

    const done = await update(c.token, { usa_state: 'TX', ssn: '123-45-6789' });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ usa_state: 'TX', ssn_last4: '6789', next_step: null });
    expect(JSON.stringify(done.body)).not.toContain('12345');
    const stored = JSON.stringify(await rowOf(c.user.id));
    expect(stored).not.toContain('123456789');
    expect(stored).not.toContain('123-45');
    expect((await getUser(c.token)).body.data.user).toMatchObject({
      usaState: { code: 'TX', name: 'Texas' },
      isFullyRegistered: true,
    });
  });

  it("keeps each customer's record to themselves", async () => {
    const alice = await registerCustomer(t);
    const bob = await registerCustomer(t);
    await create(alice.token, { first_name: 'Alice', surname: 'Smith' });
    expect((await details(bob.token)).body.data.first_name).toBeNull();
    expect((await update(bob.token, { nationality: 'GB' })).status).toBe(404);
    expect((await details(alice.token)).body.data.nationality).toBeNull();
    expect((await details('not-a-session-token-at-all')).status).toBe(401);
  });
});

describe.each(DATABASE_KINDS)('the address book and option lists on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const search = (token: string, query: unknown) =>
    t.call('POST', `${MAIN}/verification/address-plain-lookup`, { token, body: { query } });
  const detail = (token: string, id: unknown) =>
    t.call('POST', `${MAIN}/verification/address-detail-lookup`, { token, body: { id } });

  it('finds addresses in the customer’s country by any words, postcodes with or without the space', async () => {
    const c = await registerCustomer(t, { country: 'GB' });
    const byPostcode = await search(c.token, 'sw1a2aa');
    expect(byPostcode.status).toBe(200);
    expect(byPostcode.body.data).toEqual([{ id: 'GB-1', text: '10 Downing Street, London, SW1A 2AA' }]);
    expect((await search(c.token, 'london')).body.data).toHaveLength(2);
    expect((await search(c.token, 'Drottninggatan')).body.data).toEqual([]);
    expect((await detail(c.token, 'GB-2')).body.data).toEqual({
      street: '221B Baker Street',
      city: 'London',
      postcode: 'NW1 6XE',
      province: null,
    });
  });

  it('refuses an empty query, an unknown id and one from another country', async () => {
    const c = await registerCustomer(t, { country: 'SE' });
    const empty = await search(c.token, '  ');
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].property_path).toBe('query');
    expect((await search(c.token, 'malmö')).body.data).toEqual([{ id: 'SE-3', text: 'Stortorget 7, Malmö, 211 22' }]);
    expect((await detail(c.token, 'SE-99')).status).toBe(404);
    expect((await detail(c.token, 'GB-1')).status).toBe(404);
    expect((await detail(c.token, '')).body.errors[0].property_path).toBe('id');
  });

  it('lists provinces where addresses have them, and the purposes of account', async () => {
    const ca = await registerCustomer(t, { country: 'CA' });
    const gb = await registerCustomer(t, { country: 'GB' });
    const provinces = await t.call('GET', `${MAIN}/remit/options/get-provinces`, { token: ca.token });
    expect(provinces.body.data).toContainEqual({ code: 'QC', name: 'Quebec' });
    expect(provinces.body.data).toHaveLength(13);
    expect((await t.call('GET', `${MAIN}/remit/options/get-provinces`, { token: gb.token })).body.data).toEqual([]);
    const purposes = await t.call('GET', `${MAIN}/remit/options/get-purpose-of-account`, { token: gb.token });
    expect(purposes.body.data).toContainEqual({
      code: 'family_and_friends',
      name: 'Sending money to family and friends',
    });
  });
});
