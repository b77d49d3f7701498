import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocatorUser, SourceCountryList, SourceCountryView } from '../../../src/domain/contract/locator.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { registerCustomer } from '../../support/register-customer.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(DATABASE_KINDS)('the service locator on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('lists every source country with its currency, bank-ID support, API base and legal links', async () => {
    const res = await t.call('GET', '/api/locator/countries');
    expect(res.status).toBe(200);
    assert(res.body.data, SourceCountryList);
    const list: SourceCountryView[] = res.body.data;
    expect(list.map((c) => `${c.iso2}:${c.currency}`)).toEqual([
      'SE:SEK',
      'GB:GBP',
      'BE:EUR',
      'DK:DKK',
      'PL:PLN',
      'NO:NOK',
      'IT:EUR',
      'FR:EUR',
      'CA:CAD',
      'CH:CHF',
      'HR:EUR',
      'US:USD',
    ]);
    expect(list.filter((c) => c.bank_id_login).map((c) => c.iso2)).toEqual(['SE', 'NO']);
    expect(list.filter((c) => c.bank_id_registration).map((c) => c.iso2)).toEqual(['SE', 'NO']);
    expect(new Set(list.map((c) => c.middleware_url))).toEqual(new Set(['/api/main']));
    expect(list.filter((c) => c.project_name === 'sarraf-us').map((c) => c.iso2)).toEqual(['US']);
    expect(list.filter((c) => c.states.length > 0).map((c) => c.iso2)).toEqual(['US']);
    expect(list.find((c) => c.iso2 === 'GB')).toEqual({
      iso2: 'GB',
      name: 'United Kingdom',
      currency: 'GBP',
      bank_id_registration: false,
      bank_id_login: false,
      middleware_url: '/api/main',
      oauth_url: '/api/oauth',
      project_name: 'sarraf',
      terms_and_conditions: '/legal/gb/terms-and-conditions',
      privacy_policy: '/legal/gb/privacy-policy',
      states: [],
    });
  });

  it('finds one country by its code in any letter case, and 404s an unserved one', async () => {
    const se = await t.call('GET', '/api/locator/countries/se');
    expect(se.status).toBe(200);
    assert(se.body.data, SourceCountryView);
    expect(se.body.data).toMatchObject({ iso2: 'SE', name: 'Sweden', bank_id_login: true });
    const somalia = await t.call('GET', '/api/locator/countries/SO');
    expect(somalia.status).toBe(404);
    expect(somalia.body.errors[0].type).toBe('urn:sarraf:error:NotFound');
  });

  it('tells where a customer signs in, by the project of their country', async () => {
    const uk = await registerCustomer(t, { country: 'GB' });
    const us = await registerCustomer(t, { country: 'US' });
    const ukRes = await t.call('GET', `/api/locator/users?email=${encodeURIComponent(uk.email.toUpperCase())}`);
    expect(ukRes.status).toBe(200);
    assert(ukRes.body.data, LocatorUser);
    expect(ukRes.body.data).toEqual({ middleware_url: '/api/main', project_name: 'sarraf' });
    const usRes = await t.call('GET', `/api/locator/users?email=${encodeURIComponent(us.email)}`);
    expect(usRes.body.data).toEqual({ middleware_url: '/api/main', project_name: 'sarraf-us' });
  });

  it('answers CustomerNotFound for an unknown e-mail and 400 for a malformed one', async () => {
    const unknown = await t.call('GET', '/api/locator/users?email=nobody%40example.test');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].type).toBe('urn:sarraf:error:CustomerNotFound');
    const malformed = await t.call('GET', '/api/locator/users?email=nobody');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]).toMatchObject({
      type: 'urn:sarraf:error:ValidationFailed',
      property_path: 'email',
    });
  });
});
