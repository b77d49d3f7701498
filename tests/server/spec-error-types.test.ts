import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../support/test-app.ts';

const URN = 'urn:sarraf:error:';

/**
 * SPEC §8's types for what a call leaves out or leaves blank: a missing
 * mobile number, country or e-mail is MobileNotDefined, CountryNotDefined or
 * EmailNotDefined on that field; a text of nothing but spaces is
 * ValueNotBeBlank; each a 400 that writes nothing.
 */
describe.each(DATABASE_KINDS)('SPEC §8 error types of missing and blank values on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown) => t.call('POST', path, { body, from: newCallerAddress() });
  const consent = { password: 'secret12', accept_terms: true, accept_privacy: true };
  const registrations = async () => (await t.deps.db.selectFrom('registrations').select('id').execute()).length;

  it.each([
    ['/api/oauth/otp/send', { country: 'SE', ...consent }, 'MobileNotDefined', 'mobile'],
    ['/api/oauth/otp/send', { mobile: '+46701234567', ...consent }, 'CountryNotDefined', 'country'],
    ['/api/oauth/email/send', { country: 'GB', ...consent }, 'EmailNotDefined', 'email'],
    ['/api/oauth/bankid/init', { purpose: 'login', personal_number: '198502141234' }, 'CountryNotDefined', 'country'],
    ['/api/oauth/email/send', { email: '  ', country: 'GB', ...consent }, 'ValueNotBeBlank', 'email'],
  ])('%s without what it needs: %s', async (path, body, type, field) => {
    const before = await registrations();
    const res = await post(path, body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ type: `${URN}${type}`, message: expect.any(String), property_path: field }]);
    expect(await registrations()).toBe(before);
  });
});
