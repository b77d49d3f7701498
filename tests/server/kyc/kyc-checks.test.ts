import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { registerCustomer } from '../../support/register-customer.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { MAIN, movesOf, onboardedCustomer, userData } from '../verification/verification-fixtures.ts';

const KYC = '/api/kyc';

describe.each(DATABASE_KINDS)('the verification microservice: the customer and the checks, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = (token: string, path: string) => t.call('GET', `${KYC}${path}`, { token });
  const post = (token: string, path: string) => t.call('POST', `${KYC}${path}`, { token });
  const refusal = (res: { status: number; body: any }) => ({
    status: res.status,
    type: String(res.body.errors?.[0]?.type).split(':').pop(),
    field: res.body.errors?.[0]?.property_path,
  });

  it('answers where the customer stands, by the session or by their own reference only', async () => {
    const c = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Noaddress' });
    const other = await onboardedCustomer(t, { firstName: 'Hodan', lastName: 'Warsame' });
    // a read: the checks ran when the user was loaded (`user/get`), or run when asked for (below)
    expect((await get(c.token, '/customer')).body.data).toMatchObject({
      status: 'NotRegistered',
      user_reference: null,
    });
    for (const customer of [c, other]) await userData(t, customer.token);
    const mine = await get(c.token, '/customer');
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data).toMatchObject({
      status: 'RequestAddress',
      twoPlusTwoResult: 'Failed',
      watchlistResult: 'Verified',
      document_request: { type: 'address', screen_type: 'upload' },
      tasks: [
        { item: 'identity_checks', state: 'done' },
        { item: 'address', state: 'to_do' },
      ],
    });
    const reference = mine.body.data.user_reference as string;
    expect(reference).toMatch(/^kyc_/);
    expect((await get(c.token, `/customer/${reference}`)).body.data).toEqual(mine.body.data);
    const theirs = (await get(other.token, '/customer')).body.data.user_reference as string;
    for (const path of [`/customer/${theirs}`, '/customer/kyc_000000000000000000000000', '/customer/a%20b']) {
      expect(refusal(await get(c.token, path)), path).toMatchObject({ status: 404, type: 'NotFound' });
    }
    expect((await get('not-a-session', '/customer')).status).toBe(401);
  });

  it('runs the checks when asked, and answers each one; details not given yet are a 409', async () => {
    const fresh = await registerCustomer(t, { country: 'GB' });
    expect(refusal(await post(fresh.token, '/verification/watchlist'))).toMatchObject({
      status: 409,
      type: 'InvalidTransition',
    });
    const listed = await onboardedCustomer(t, {
      firstName: 'Mallory',
      lastName: 'Listed',
      dateOfBirth: '1980-02-29',
    });
    const watchlist = await post(listed.token, '/verification/watchlist');
    expect(watchlist.body.data).toEqual({ result: 'Failed', status: 'Verifying' });
    expect((await post(listed.token, '/verification/address')).body.data).toEqual({
      result: 'Verified',
      status: 'Verifying',
    });
    // asked again, the checks do not run again
    expect(await movesOf(t, listed.id)).toHaveLength(2);
  });

  it('InvalidInformation: nothing moves, the task says what to correct, and the same details are not sent again', async () => {
    const c = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Invalidpostcode' });
    const data = await userData(t, c.token);
    expect(data.user.verification.status).toBe('NotRegistered');
    // the address step opens again to correct it
    expect(data.user).toMatchObject({ redirect_to_full: 'address-search', isFullyRegistered: false });
    expect(data.verification_tasks).toEqual([
      { item: 'identity_checks', state: 'rejected', reason: expect.stringContaining('postcode') },
    ]);
    const address = await post(c.token, '/verification/address');
    expect(refusal(address)).toEqual({ status: 400, type: 'InvalidInformation', field: 'address.postcode' });
    expect(address.body.errors[0].message).toMatch(/Correct your address on your profile/);
    expect(refusal(await post(c.token, '/verification/watchlist'))).toMatchObject({ type: 'InvalidInformation' });
    const refusedAt = async () =>
      (
        await t.deps.db
          .selectFrom('verification_refusals')
          .select('refused_at')
          .where('customer_id', '=', c.id)
          .executeTakeFirstOrThrow()
      ).refused_at;
    const first = new Date(await refusedAt()).getTime();
    t.clock.advance(60_000);
    await userData(t, c.token);
    expect(new Date(await refusedAt()).getTime()).toBe(first);
    expect(await movesOf(t, c.id)).toEqual([]);
    // corrected, the details are checked again (the sandbox refuses this surname whatever the postcode)
    const corrected = await t.call('POST', `${MAIN}/remit/remitter/update`, {
      token: c.token,
      body: { address: { street: '2 Deansgate', city: 'Manchester', postcode: 'M3 2BB', province: null } },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect((await userData(t, c.token)).user.redirect_to_full).toBe('address-search');
    expect(new Date(await refusedAt()).getTime()).toBe(first + 60_000);
  });

  it('CantProceedWithProvidedDetails: documents are asked for instead, and the address check says so', async () => {
    const c = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Cantproceed' });
    const data = await userData(t, c.token);
    expect(data.user.verification.status).toBe('RequestIdAddress');
    expect(data.verification_tasks.map((task: { item: string }) => task.item)).toEqual([
      'identity_checks',
      'identity',
      'address',
    ]);
    const address = await post(c.token, '/verification/address');
    expect(refusal(address)).toEqual({ status: 422, type: 'CantProceedWithProvidedDetails', field: null });
    expect(address.body.errors[0].message).toMatch(/Upload an identity document and a proof of address/);
    expect((await post(c.token, '/verification/watchlist')).body.data).toEqual({
      result: 'Verified',
      status: 'RequestIdAddress',
    });
    expect((await movesOf(t, c.id)).at(-1)).toMatchObject({
      to_status: 'RequestIdAddress',
      reason: expect.stringContaining('details refused by the provider'),
    });
  });

  it('answers the phone and e-mail as confirmed or not', async () => {
    const c = await registerCustomer(t, { country: 'GB' });
    expect((await get(c.token, '/verification/email')).body.data).toMatchObject({
      value: c.email,
      verified: true,
      verified_at: expect.any(String),
    });
    expect((await get(c.token, '/verification/phone')).body.data).toEqual({
      value: null,
      verified: false,
      verified_at: null,
    });
  });

  it('lists the documents accepted by country, state or province, and refuses a place it does not know', async () => {
    const c = await registerCustomer(t, { country: 'GB' });
    const docsInfo = (iso_code: string) =>
      t.call('POST', `${MAIN}/api/v2/docs-info`, { token: c.token, body: { iso_code } });
    const types = async (code: string) =>
      ((await docsInfo(code)).body.data.documents as { document_type: string }[]).map((d) => d.document_type);
    expect(await types('GB')).toEqual(['Passport', 'DriversLicense']);
    expect(await types('us-tx')).toEqual(['Passport', 'ID', 'DriversLicense']);
    expect(await types('CA-ON')).toEqual(['Passport', 'DriversLicense']);
    expect(refusal(await docsInfo('US-NY'))).toEqual({ status: 400, type: 'InvalidInformation', field: 'iso_code' });
    expect(refusal(await docsInfo('US-ZZ'))).toEqual({ status: 400, type: 'InvalidCountry', field: 'iso_code' });
    expect(refusal(await docsInfo('SE-AB'))).toEqual({ status: 400, type: 'InvalidCountry', field: 'iso_code' });
  });
});
