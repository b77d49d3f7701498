import { get as idbGet, set as idbSet } from 'idb-keyval';
import { createStore } from 'jotai';
import { number, object, optional, string } from 'superstruct';
import { describe, expect, it, vi } from 'vitest';
import { endpoint } from '../../../domain/contract/endpoint.ts';
import { kycApi } from '../../../domain/contract/kyc.ts';
import { CACHED_AT_HEADER } from '../../../domain/sw-messages.ts';
import { LOCALE_KEY } from '../local-settings.ts';
import { oauthAccessDeniedAtom } from '../oauth/access-denied-atom.ts';
import { holdOAuthToken } from '../oauth/oauth-access.ts';
import { accessTokenAtom, baseUrlAtom } from '../session/session-atoms.ts';
import { ApiFailure, fieldErrorPath } from './api-failure.ts';
import { createApiClient } from './client.ts';

const TOKEN = 'tok_0123456789abcdef0123456789abcdef';
const Balance = object({ currency: string(), amount: string() });
const BalanceQuery = object({ currency: optional(string()) });

/** Entries shaped like the tables' (src/domain/contract/<area>.ts), made up for the client's own tests. */
const getBalance = endpoint({
  method: 'POST',
  base: 'main',
  path: '/remit/wallet/get-balance',
  auth: 'session',
  body: BalanceQuery,
  response: Balance,
});
const readBalance = endpoint({
  method: 'GET',
  base: 'main',
  path: '/remit/wallet/balance',
  auth: 'session',
  query: BalanceQuery,
  response: Balance,
});
const publicBalance = endpoint({
  method: 'GET',
  base: 'main',
  path: '/user/detect-country',
  auth: 'none',
  response: Balance,
});
const numbers = endpoint({
  method: 'GET',
  base: 'main',
  path: '/user/get',
  auth: 'session',
  response: object({ n: number() }),
});
const payWallet = endpoint({
  method: 'POST',
  base: 'main',
  path: '/remit/wallet/:currency/pay',
  auth: 'session',
  params: object({ currency: string() }),
  body: BalanceQuery,
  response: Balance,
  idempotent: true,
});
const removeCard = endpoint({
  method: 'DELETE',
  base: 'main',
  path: '/remit/card/:id',
  auth: 'session',
  params: object({ id: string() }),
  response: null,
  status: 204,
});
const checkCode = endpoint({
  method: 'POST',
  base: 'oauth',
  path: '/email/check',
  auth: 'registration',
  body: BalanceQuery,
  response: Balance,
});
const countries = endpoint({ method: 'GET', base: 'locator', path: '/countries', auth: 'none', response: Balance });

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** A fake network: records each request and answers with the next response. */
function fakeNetwork(...responses: (() => Response)[]) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    sent.push({
      url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    });
    const next = responses.shift();
    if (!next) throw new Error(`unexpected request to ${url}`);
    return next();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function signedIn() {
  const store = createStore();
  store.set(accessTokenAtom, TOKEN);
  return store;
}

describe('API client', () => {
  it('calls the session base URL with the token and a fresh request id, and returns the checked data', async () => {
    const store = signedIn();
    store.set(baseUrlAtom, '/api/eu');
    const network = fakeNetwork(
      json(200, { data: { currency: 'GBP', amount: '12.50', extra: 'ignored' } }),
      json(200, { data: { currency: 'SEK', amount: '0.00' } }),
    );
    const api = createApiClient({ store, fetch: network.fetch });

    const first = await api.call(getBalance, { body: { currency: 'GBP' } });
    await api.call(readBalance, { query: { currency: 'SEK' } });

    expect(first).toEqual({ currency: 'GBP', amount: '12.50' });
    const [one, two] = network.sent;
    expect(one?.url).toBe('/api/eu/remit/wallet/get-balance');
    expect(one?.method).toBe('POST');
    expect(one?.body).toEqual({ currency: 'GBP' });
    expect(one?.headers.get('x-auth-token')).toBe(TOKEN);
    expect(two?.url).toBe('/api/eu/remit/wallet/balance?currency=SEK');
    const ids = network.sent.map((request) => request.headers.get('x-request-id'));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('uses /api/main and sends no token before sign-in', async () => {
    const network = fakeNetwork(json(200, { data: { currency: 'GBP', amount: '1.00' } }));
    await createApiClient({ store: createStore(), fetch: network.fetch }).call(publicBalance);
    expect(network.sent[0]?.url).toBe('/api/main/user/detect-country');
    expect(network.sent[0]?.headers.has('x-auth-token')).toBe(false);
  });

  it('sends the session token to the verification microservice, whose calls need it, at its own base', async () => {
    const network = fakeNetwork(json(200, { data: { value: null, verified: false, verified_at: null } }));
    await createApiClient({ store: signedIn(), fetch: network.fetch }).call(kycApi.phone);
    expect(network.sent[0]?.url).toBe('/api/kyc/verification/phone');
    expect(network.sent[0]?.headers.get('x-auth-token')).toBe(TOKEN);
  });

  it('turns the error envelope into an ApiFailure with the URN type, field path and echoed request id', async () => {
    const network = fakeNetwork(
      json(
        422,
        {
          errors: [
            {
              type: 'urn:sarraf:error:CodeMismatch',
              message: 'The verification code is incorrect',
              property_path: '[code]',
            },
            { type: 'urn:sarraf:error:ValueNotBeBlank', message: 'Must not be blank', property_path: '[phone]' },
          ],
        },
        { 'x-request-id': 'req-from-server-1' },
      ),
    );
    const api = createApiClient({ store: signedIn(), fetch: network.fetch });

    const failure = await api.call(getBalance, { body: {} }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({
      status: 422,
      type: 'CodeMismatch',
      message: 'The verification code is incorrect',
      propertyPath: '[code]',
      requestId: 'req-from-server-1',
    });
    expect((failure as ApiFailure).errors.map((error) => error.type)).toEqual(['CodeMismatch', 'ValueNotBeBlank']);
  });

  it('keeps its own request id when the answer has none, and names an answer without the envelope', async () => {
    const network = fakeNetwork(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const failure = (await createApiClient({ store: createStore(), fetch: network.fetch })
      .call(publicBalance)
      .catch((error: unknown) => error)) as ApiFailure;
    expect(failure.status).toBe(502);
    expect(failure.type).toBe('UnexpectedResponse');
    expect(failure.requestId).toBe(network.sent[0]?.headers.get('x-request-id'));
  });

  it('refuses data that does not match the contract', async () => {
    const network = fakeNetwork(json(200, { data: { currency: 'GBP', amount: 12.5 } }));
    const failure = (await createApiClient({ store: createStore(), fetch: network.fetch })
      .call(publicBalance)
      .catch((error: unknown) => error)) as ApiFailure;
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure.type).toBe('InvalidResponse');
    expect(failure.propertyPath).toBe('amount');
  });

  it('refuses a success without the data envelope', async () => {
    const network = fakeNetwork(json(200, { currency: 'GBP' }));
    const failure = await createApiClient({ store: createStore(), fetch: network.fetch })
      .call(numbers)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ type: 'InvalidResponse', status: 200 });
  });

  it('reports a network failure as status 0', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    const failure = await createApiClient({ store: createStore(), fetch })
      .call(publicBalance)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 0, type: 'NetworkError' });
  });

  it.each([
    [401, 'expired'],
    [403, 'terminated'],
  ])('on %i logs the user out (%s) and sends them to sign in, back to where they were', async (status, reason) => {
    const store = signedIn();
    store.set(baseUrlAtom, '/api/eu');
    localStorage.setItem(LOCALE_KEY, 'sv');
    localStorage.setItem('some-personal-cache', 'x');
    await idbSet('send-money-draft', { amount: '100.00' });
    const navigate = vi.fn();
    const network = fakeNetwork(
      json(status, { errors: [{ type: 'urn:sarraf:error:Unauthorized', message: 'No session', property_path: null }] }),
    );
    const api = createApiClient({ store, fetch: network.fetch, navigate, currentHref: () => '/transfers?page=2' });

    await expect(api.call(numbers)).rejects.toMatchObject({ status });

    expect(store.get(accessTokenAtom)).toBeNull();
    expect(store.get(baseUrlAtom)).toBe('/api/main');
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(localStorage.getItem('base-url')).toBeNull();
    expect(localStorage.getItem('some-personal-cache')).toBeNull();
    expect(await idbGet('send-money-draft')).toBeUndefined();
    expect(localStorage.getItem(LOCALE_KEY)).toBe('sv');
    expect(localStorage.getItem('unauthorized')).toBe(reason);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/sign-in?redirect=%2Ftransfers%3Fpage%3D2');
  });

  it('sends a customer whose account was blocked to the account-blocked page, signed out', async () => {
    const store = signedIn();
    const navigate = vi.fn();
    const network = fakeNetwork(
      json(403, {
        errors: [
          { type: 'urn:sarraf:error:DisabledCustomer', message: 'This account is blocked', property_path: null },
        ],
      }),
    );
    const api = createApiClient({ store, fetch: network.fetch, navigate, currentHref: () => '/home' });

    await expect(api.call(numbers)).rejects.toMatchObject({ status: 403, type: 'DisabledCustomer' });

    expect(store.get(accessTokenAtom)).toBeNull();
    expect(localStorage.getItem('unauthorized')).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/account-blocked');
  });

  it('on 403 AccessDenied to an OAuth Bearer call forgets every OAuth token held and opens the access-denied modal, the session untouched', async () => {
    const store = signedIn();
    const forget = vi.fn();
    const stopHolding = holdOAuthToken(forget);
    const navigate = vi.fn();
    const denied = json(403, {
      errors: [{ type: 'urn:sarraf:error:AccessDenied', message: 'Not this call', property_path: null }],
    });
    const network = fakeNetwork(denied, denied);
    const api = createApiClient({ store, fetch: network.fetch, navigate });
    try {
      // without a Bearer token the answer is the caller's alone
      await expect(api.call(countries)).rejects.toMatchObject({ status: 403, type: 'AccessDenied' });
      expect(forget).not.toHaveBeenCalled();
      expect(store.get(oauthAccessDeniedAtom)).toBe(false);

      await expect(api.call(checkCode, { registrationToken: 'reg_0123456789abcdef', body: {} })).rejects.toMatchObject({
        status: 403,
        type: 'AccessDenied',
      });
      expect(forget).toHaveBeenCalledExactlyOnceWith(store);
      expect(store.get(oauthAccessDeniedAtom)).toBe(true);
      expect(store.get(accessTokenAtom)).toBe(TOKEN);
      expect(navigate).not.toHaveBeenCalled();
    } finally {
      stopHolding();
    }
  });

  it('does not log anyone out on a 401 to a call made without a session', async () => {
    const navigate = vi.fn();
    const network = fakeNetwork(
      json(401, { errors: [{ type: 'urn:sarraf:error:Unauthorized', message: 'No session', property_path: null }] }),
    );
    await expect(
      createApiClient({ store: createStore(), fetch: network.fetch, navigate }).call(numbers),
    ).rejects.toMatchObject({ status: 401, type: 'Unauthorized' });
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('unauthorized')).toBeNull();
  });
});

describe('API client and the endpoint tables', () => {
  it('fills path parameters, sends the Idempotency-Key, and reads a 204 as null', async () => {
    const network = fakeNetwork(
      json(200, { data: { currency: 'GBP', amount: '1.00' } }),
      () => new Response(null, { status: 204 }),
    );
    const api = createApiClient({ store: signedIn(), fetch: network.fetch });
    await api.call(payWallet, {
      params: { currency: 'G/B' },
      body: { currency: 'GBP' },
      idempotencyKey: 'key-0123456789',
    });
    expect(await api.call(removeCard, { params: { id: 'card_1' } })).toBeNull();
    expect(network.sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/main/remit/wallet/G%2FB/pay',
      'DELETE /api/main/remit/card/card_1',
    ]);
    expect(network.sent[0]?.headers.get('idempotency-key')).toBe('key-0123456789');
  });

  it('calls the OAuth-style API at the base it was given with the Bearer token, and the locator at its own, without the session token', async () => {
    const network = fakeNetwork(
      json(200, { data: { currency: 'GBP', amount: '1.00' } }),
      json(200, { data: { currency: 'GBP', amount: '1.00' } }),
    );
    const api = createApiClient({ store: signedIn(), fetch: network.fetch });
    await api.call(checkCode, { baseUrl: '/api/oauth-eu', registrationToken: 'reg_0123456789abcdef', body: {} });
    await api.call(countries);
    expect(network.sent.map((r) => r.url)).toEqual(['/api/oauth-eu/email/check', '/api/locator/countries']);
    expect(network.sent[0]?.headers.get('authorization')).toBe('Bearer reg_0123456789abcdef');
    expect(network.sent.map((r) => r.headers.has('x-auth-token'))).toEqual([false, false]);
  });

  it("says when an answer is the service worker's last-known copy", async () => {
    const network = fakeNetwork(
      json(200, { data: { currency: 'GBP', amount: '1.00' } }, { [CACHED_AT_HEADER]: '2026-11-20T10:00:00.000Z' }),
      json(200, { data: { currency: 'GBP', amount: '2.00' } }),
    );
    const api = createApiClient({ store: signedIn(), fetch: network.fetch });
    expect(await api.request(publicBalance)).toEqual({
      data: { currency: 'GBP', amount: '1.00' },
      cachedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(await api.request(publicBalance)).toEqual({ data: { currency: 'GBP', amount: '2.00' }, cachedAt: null });
  });
});

describe('fieldErrorPath', () => {
  it('removes square brackets from a property path', () => {
    expect(fieldErrorPath('[email]')).toBe('email');
    expect(fieldErrorPath('[beneficiary][first_name]')).toBe('beneficiaryfirst_name');
    expect(fieldErrorPath('amount')).toBe('amount');
  });
});
