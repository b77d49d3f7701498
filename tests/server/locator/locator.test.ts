import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocatorUser, SourceCountryList, SourceCountryView } from '../../../src/domain/contract/locator.ts';
import { ABUSE_LIMITS } from '../../../src/server/abuse-limits/limits.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { registerCustomer } from '../../support/register-customer.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

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

  const locate = (email: string, init: { from?: string; headers?: Record<string, string> } = {}) =>
    t.call('GET', `/api/locator/users?email=${encodeURIComponent(email)}`, init);
  /** An answer without what differs per call whoever asks (request id, date). */
  const shape = (res: { status: number; headers: Headers; body: unknown }) => ({
    status: res.status,
    body: res.body,
    headers: [...res.headers.entries()].filter(([name]) => !['x-request-id', 'date'].includes(name)),
  });

  it('answers a registered and an unknown e-mail alike: status, headers and body', async () => {
    const uk = await registerCustomer(t, { country: 'GB' });
    const us = await registerCustomer(t, { country: 'US' });
    const from = newCallerAddress();
    const answers = [];
    for (const email of [uk.email, uk.email.toUpperCase(), us.email, 'nobody@example.test']) {
      answers.push(shape(await locate(email, { from })));
    }
    expect(answers[0]).toMatchObject({
      status: 200,
      body: { data: { middleware_url: '/api/main', project_name: 'sarraf' } },
    });
    assert(answers[0]?.body && (answers[0].body as { data: unknown }).data, LocatorUser);
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
  });

  it("names the brand of the caller's country, not of the account", async () => {
    const uk = await registerCustomer(t, { country: 'GB' });
    const fromUs = { 'accept-language': 'en-US,en;q=0.8' };
    const known = await locate(uk.email, { headers: fromUs });
    const unknown = await locate('nobody@example.test', { headers: fromUs });
    expect(known.body.data).toEqual({ middleware_url: '/api/main', project_name: 'sarraf-us' });
    expect(shape(unknown)).toEqual(shape(known));
  });

  it('takes as long for a registered e-mail as for an unknown one', async () => {
    const owner = await registerCustomer(t);
    const time = async (email: string) => {
      const started = performance.now();
      expect((await locate(email)).status).toBe(200);
      return performance.now() - started;
    };
    // warmed up first, then timed in pairs: a busy moment of the machine lands on one pair, and the median of the
    // pairs' differences leaves it out
    for (let i = 0; i < 5; i++) await Promise.all([time(owner.email), time(`warm-${i}@example.test`)]);
    const known: number[] = [];
    const differences: number[] = [];
    for (let i = 0; i < 40; i++) {
      const k = await time(owner.email);
      const u = await time(`nobody-${i}@example.test`);
      known.push(k);
      differences.push(k - u);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
    const [k, d] = [median(known), median(differences)];
    // no lookup is made: the two differ only by the machine's noise
    expect(Math.abs(d)).toBeLessThan(Math.max(3, 0.5 * k));
  });

  it("counts every lookup against the caller's address: 30 an hour, then 429, that address only", async () => {
    const from = newCallerAddress();
    const { max } = ABUSE_LIMITS.locatorLookupsPerAddress;
    for (let i = 0; i < max; i++) expect((await locate(`someone-${i}@example.test`, { from })).status).toBe(200);
    const refused = await locate('one-more@example.test', { from });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].type).toBe('urn:sarraf:error:RateLimited');
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect((await locate('one-more@example.test')).status).toBe(200);
  });

  it('answers 400 for a malformed e-mail', async () => {
    const malformed = await t.call('GET', '/api/locator/users?email=nobody');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]).toMatchObject({
      type: 'urn:sarraf:error:ValidationFailed',
      property_path: 'email',
    });
  });
});
