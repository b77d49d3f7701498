import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS } from '../../../src/domain/feature-flags.ts';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { API, KENYA_MOBILE, SOMALIA_CASH, SOMALIA_MOBILE, withValues } from './beneficiary-fixtures.ts';

const BENEFICIARIES = `${API}/api/v1/beneficiaries`;

const refusal = (message: string) => ({
  errors: [{ type: 'urn:sarraf:error:ValidationFailed', message, property_path: 'mobile_confirmation' }],
});
const MISSING = refusal('Type the mobile number again to confirm it');
const MISMATCH = refusal('The two mobile numbers do not match');

describe.each(DATABASE_KINDS)('a mobile-money number typed twice (SPEC §9 confirm-mobile) on %s', (kind) => {
  let t: TestApp;
  let customers = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const newCustomer = () => signedInCustomer(t, `cus_confirm_mobile_${++customers}`, 'GB');
  const save = (token: string, body: object) => t.call('POST', BENEFICIARIES, { token, body });
  const saved = async (token: string) =>
    (await t.call('GET', BENEFICIARIES, { token })).body.data.data as { id: string }[];

  it('saves a new mobile-money recipient only with the same number typed again, however it is written', async () => {
    const token = await newCustomer();
    expect((await save(token, KENYA_MOBILE)).body).toEqual(MISSING);
    expect((await save(token, { ...KENYA_MOBILE, mobile_confirmation: '0712 345 687' })).body).toEqual(MISMATCH);
    expect(await saved(token)).toEqual([]);
    const same = await save(token, { ...KENYA_MOBILE, mobile_confirmation: '+254 712 345 678' });
    expect(same.status, JSON.stringify(same.body)).toBe(201);
    expect(same.body.data.values.mobile).toBe('+254712345678');
  });

  it("confirms a Somali wallet's number, the field the money goes to", async () => {
    const token = await newCustomer();
    const wrong = await save(token, { ...SOMALIA_MOBILE, mobile_confirmation: '0651234568' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(MISMATCH);
    expect((await save(token, { ...SOMALIA_MOBILE, mobile_confirmation: '065 123 4567' })).status).toBe(201);
  });

  it('checks the form first: a number the form refuses is said on the number, not on its confirmation', async () => {
    const token = await newCustomer();
    const res = await save(token, withValues(KENYA_MOBILE, { mobile: '+447911123456' }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].property_path).toBe('values.mobile');
  });

  it('asks again on an update only when the number changes', async () => {
    const token = await newCustomer();
    const created = await save(token, { ...KENYA_MOBILE, mobile_confirmation: '0712 345 678' });
    const path = `${BENEFICIARIES}/${created.body.data.id}`;
    const renamed = await t.call('PUT', path, {
      token,
      body: { values: { ...KENYA_MOBILE.values, relationship: 'friend' } },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    const moved = { values: { ...KENYA_MOBILE.values, mobile: '0722 000 111' } };
    expect((await t.call('PUT', path, { token, body: moved })).body).toEqual(MISSING);
    const slip = await t.call('PUT', path, { token, body: { ...moved, mobile_confirmation: '0722 000 117' } });
    expect(slip.body).toEqual(MISMATCH);
    expect((await t.call('GET', path, { token })).body.data.values.mobile).toBe('+254712345678');
    const confirmed = await t.call('PUT', path, { token, body: { ...moved, mobile_confirmation: '0722000111' } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.values.mobile).toBe('+254722000111');
  });

  it('asks nothing of a recipient paid otherwise, even one with a mobile number for notices', async () => {
    const token = await newCustomer();
    expect((await save(token, SOMALIA_CASH)).status).toBe(201);
  });
});

describe.each(DATABASE_KINDS)('MOBILE_PAYOUT_CONFIRM_MOBILE=false on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { features: { ...DEFAULT_FEATURE_FLAGS, confirmMobile: false } });
  });
  afterAll(() => t.close());

  it('saves a mobile-money recipient from the number typed once', async () => {
    const token = await signedInCustomer(t, 'cus_typed_once', 'GB');
    const res = await t.call('POST', BENEFICIARIES, { token, body: KENYA_MOBILE });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});
