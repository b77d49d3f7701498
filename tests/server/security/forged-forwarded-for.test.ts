import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ABUSE_LIMITS, SIGN_IN_CAPTCHA_AFTER } from '../../../src/server/abuse-limits/limits.ts';
import { createNodeServer } from '../../../src/server/http/node-server.ts';
import { trustedProxiesFrom } from '../../../src/server/http/trusted-proxies.ts';
import { registerCustomer } from '../../support/register-customer.ts';
import { createTestApp } from '../../support/test-app.ts';

/** The real app behind the real Node server on a loopback port, trusting one proxy hop at `proxies`. */
async function serve(proxies: string) {
  const t = await createTestApp('pglite', { trustedProxyHops: 1, trustedProxies: trustedProxiesFrom(proxies) });
  const server = createNodeServer(t.app.fetch, t.deps.logger, t.deps.config);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const call = async (path: string, forwardedFor: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...headers,
        'x-forwarded-for': forwardedFor,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  };
  return { t, call, close };
}

let forged = 0;
/** A different made-up client address each call, as a script rotating X-Forwarded-For would send. */
const forgedAddress = () => {
  forged++;
  return `198.51.${(forged >> 8) & 255}.${forged & 255}`;
};
const typeOf = (res: { body: any }) => res.body.errors?.[0].type.replace('urn:sarraf:error:', '');

describe('a direct caller forging X-Forwarded-For or cf-ipcountry over a real socket, with TRUSTED_PROXY_HOPS=1', () => {
  let direct: Awaited<ReturnType<typeof serve>>;
  let proxied: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    // our proxy is elsewhere: this test's loopback connection is a stranger's
    direct = await serve('192.0.2.1');
    // the loopback connection is our proxy's
    proxied = await serve('127.0.0.1');
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it('changes no per-address limit: every call counts against the peer', async () => {
    const warn = vi.spyOn(direct.t.deps.logger, 'warn');
    const { max } = ABUSE_LIMITS.locatorLookupsPerAddress;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      statuses.push((await direct.call(`/api/locator/users?email=x${i}%40example.test`, forgedAddress())).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(max);
    expect(statuses.at(-1)).toBe(429);
    // logged once, not once per request
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatchObject({ peer: '127.0.0.1', trusted_proxy_addresses: ['192.0.2.1'] });
  });

  it('gets no fresh sign-in guesses by rotating the header', async () => {
    const owner = await registerCustomer(direct.t);
    const login = (password: string) =>
      direct.call('/api/main/user/login', forgedAddress(), { email: owner.email, password });
    for (let i = 0; i < SIGN_IN_CAPTCHA_AFTER; i++)
      expect(typeOf(await login(`wrong-${i}-passw0rd`))).toBe('CustomerNotFound');
    expect(typeOf(await login('wrong-again-passw0rd'))).toBe('CaptchaRequired');
  });

  it('changes no country guess: the edge’s cf-ipcountry is believed only from our proxy', async () => {
    const edge = { 'cf-ipcountry': 'SE', 'cf-region-code': 'AB', 'accept-language': 'en-CA' };
    const guess = (server: typeof direct) =>
      server.call('/api/main/user/detect-country', forgedAddress(), undefined, edge);
    expect((await guess(direct)).body.data).toEqual({ country_code: 'CA', region_code: null });
    expect((await guess(proxied)).body.data).toEqual({ country_code: 'SE', region_code: 'AB' });
  });

  it('is believed from a trusted proxy: each client it names counts on its own', async () => {
    const { max } = ABUSE_LIMITS.locatorLookupsPerAddress;
    for (let i = 0; i <= max; i++) {
      expect((await proxied.call(`/api/locator/users?email=y${i}%40example.test`, forgedAddress())).status).toBe(200);
    }
  });
});
