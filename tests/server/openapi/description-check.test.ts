import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkAgainstDescription, DescriptionMismatch, type Exchange } from '../../support/api-description-check.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

/** The checker the request helper runs on every call: it must pass real exchanges and fail wrong ones. */
describe('every API test call checked against the OpenAPI description', () => {
  let t: TestApp;
  let countries: Exchange;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const res = await t.call('GET', '/api/locator/countries/SE');
    expect(res.status).toBe(200);
    countries = {
      method: 'GET',
      path: '/api/locator/countries/SE',
      headers: {},
      body: undefined,
      status: res.status,
      answer: res.body,
    };
  });
  afterAll(() => t.close());
  afterEach(() => vi.unstubAllEnvs());

  it('passes the real answer, and an error answer in the SPEC §8 envelope', async () => {
    expect(() => checkAgainstDescription(countries)).not.toThrow();
    const unknown = await t.call('GET', '/api/locator/countries/ZZ');
    expect(unknown.status).toBe(404);
  });

  it('fails a deliberately wrong answer: a field of another type, a field too many, one missing, no envelope', () => {
    const data = (countries.answer as { data: Record<string, unknown> }).data;
    const wrong = [
      { data: { ...data, iso2: 46 } },
      { data: { ...data, surprise: true } },
      { data: Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'iso2')) },
      data,
    ];
    for (const answer of wrong) {
      expect(() => checkAgainstDescription({ ...countries, answer })).toThrow(DescriptionMismatch);
    }
  });

  it('fails a status the operation does not list, and an error that is not the envelope', () => {
    expect(() => checkAgainstDescription({ ...countries, status: 201 })).toThrow(/lists no such status/);
    const notEnvelope = { errors: [{ type: 'urn:sarraf:error:NotFound', message: 'Country not found' }] };
    expect(() => checkAgainstDescription({ ...countries, status: 404, answer: notEnvelope })).toThrow(
      DescriptionMismatch,
    );
    const unknownType = { errors: [{ type: 'urn:sarraf:error:Oops', message: 'x', property_path: null }] };
    expect(() => checkAgainstDescription({ ...countries, status: 404, answer: unknownType })).toThrow(
      DescriptionMismatch,
    );
  });

  it('fails a failure of a type the call does not list at that status, and a status it lists no type at', () => {
    // as every test run checks it, not as `npm run api:errors` gathers
    vi.stubEnv('API_ERRORS_SEEN', '');
    const failure = (type: string) => ({
      errors: [{ type: `urn:sarraf:error:${type}`, message: 'x', property_path: null }],
    });
    expect(() => checkAgainstDescription({ ...countries, status: 404, answer: failure('NotFound') })).not.toThrow();
    expect(() => checkAgainstDescription({ ...countries, status: 404, answer: failure('CustomerNotFound') })).toThrow(
      /npm run api:errors/,
    );
    expect(() => checkAgainstDescription({ ...countries, status: 409, answer: failure('InvalidTransition') })).toThrow(
      /lists no such status/,
    );
  });

  it('fails a success answered to a request the description refuses; passes its refusal', () => {
    const login = {
      method: 'POST',
      path: '/api/main/user/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com' }),
      status: 400,
      answer: { errors: [{ type: 'urn:sarraf:error:ValidationFailed', message: 'x', property_path: 'password' }] },
    };
    expect(() => checkAgainstDescription(login)).not.toThrow();
    expect(() => checkAgainstDescription({ ...login, status: 200, answer: { data: {} } })).toThrow(
      /the description refuses the request: body/,
    );
  });

  it('leaves alone what the tables do not describe (health, sandbox, webhooks)', () => {
    for (const path of ['/livez', '/sandbox/anything', '/api/hooks/payments/x']) {
      expect(() => checkAgainstDescription({ ...countries, path, status: 200, answer: 'anything' })).not.toThrow();
    }
  });
});
