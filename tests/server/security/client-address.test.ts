import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../src/server/config.ts';
import type { AppDeps, AppEnv } from '../../../src/server/http/app-env.ts';
import { addressKey, clientAddress, NO_SOCKET_ADDRESS } from '../../../src/server/http/client-address.ts';
import { createLogger } from '../../../src/server/http/logger.ts';
import { trustedProxiesFrom } from '../../../src/server/http/trusted-proxies.ts';
import { SANDBOX_CAPTCHA_TOKEN } from '../../../src/server/providers/captcha/sandbox-captcha.ts';
import { registerCustomer } from '../../support/register-customer.ts';
import { createTestApp, newCallerAddress, type TestApp } from '../../support/test-app.ts';

/** What clientAddress makes of a request, behind `hops` trusted proxies at `proxies`. */
function addressSeen(hops: number, proxies = '10.0.0.2') {
  const app = new Hono<AppEnv>();
  const config = testConfig({ trustedProxyHops: hops, trustedProxies: trustedProxiesFrom(proxies) });
  const logger = createLogger('silent');
  app.use('*', async (c, next) => {
    c.set('deps', { config, logger } as AppDeps);
    await next();
  });
  app.get('/', (c) => c.text(clientAddress(c)));
  return async (socket: string | undefined, forwardedFor?: string) => {
    const headers = forwardedFor === undefined ? undefined : { 'x-forwarded-for': forwardedFor };
    const env = socket === undefined ? undefined : { incoming: { socket: { remoteAddress: socket } } };
    return (await app.request('/', { headers }, env)).text();
  };
}

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', async () => {
    const seen = addressSeen(0);
    expect(await seen('192.0.2.10')).toBe('192.0.2.10');
    expect(await seen('192.0.2.10', '198.51.100.7')).toBe('192.0.2.10');
  });

  it('is the entry our trusted proxies wrote, counted from the right', async () => {
    const oneHop = addressSeen(1);
    expect(await oneHop('10.0.0.2', '198.51.100.7')).toBe('198.51.100.7');
    expect(await oneHop('10.0.0.2', 'forged-by-caller, 198.51.100.7')).toBe('198.51.100.7');
    expect(await oneHop('::ffff:10.0.0.2', '198.51.100.7')).toBe('198.51.100.7');
    const twoHops = addressSeen(2, '10.0.0.2, 10.0.0.9/32');
    expect(await twoHops('10.0.0.2', 'forged, 198.51.100.7, 10.0.0.9')).toBe('198.51.100.7');
    // fewer entries than trusted hops, or none: the header proves nothing, the socket is who called
    expect(await twoHops('10.0.0.2', '198.51.100.7')).toBe('10.0.0.2');
    expect(await oneHop('10.0.0.2')).toBe('10.0.0.2');
  });

  it('is the peer, whatever X-Forwarded-For says, when the peer is not a trusted proxy', async () => {
    const oneHop = addressSeen(1);
    // a direct caller forging the header: hops are trusted, but not this peer
    expect(await oneHop('203.0.113.50', '198.51.100.7')).toBe('203.0.113.50');
    expect(await oneHop('10.0.0.3', '198.51.100.7')).toBe('10.0.0.3');
    // trusted hops with no trusted proxy believe no one
    const noneListed = addressSeen(1, '');
    expect(await noneListed('10.0.0.2', '198.51.100.7')).toBe('10.0.0.2');
    expect(await noneListed('127.0.0.1', '198.51.100.7')).toBe('127.0.0.1');
    // behind two hops, the outer proxy's entry must be a trusted proxy too
    const twoHops = addressSeen(2, '10.0.0.2');
    expect(await twoHops('10.0.0.2', '198.51.100.7, 203.0.113.66')).toBe('10.0.0.2');
  });

  it('trusts CIDR blocks, IPv4 and IPv6, and refuses a list it cannot read', async () => {
    const blocks = addressSeen(1, '10.1.0.0/16 2001:db8:aa::/48');
    expect(await blocks('10.1.200.3', '198.51.100.7')).toBe('198.51.100.7');
    expect(await blocks('10.2.0.1', '198.51.100.7')).toBe('10.2.0.1');
    expect(await blocks('2001:db8:aa:1::5', '198.51.100.7')).toBe('198.51.100.7');
    expect(await blocks('2001:db8:ab::5', '198.51.100.7')).toBe('2001:db8:ab:0::/64');
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/2', '::1/129', '10.0.0.0/x']) {
      expect(() => trustedProxiesFrom(bad), bad).toThrow(/TRUSTED_PROXY_ADDRESSES/);
    }
    expect(trustedProxiesFrom(undefined).entries).toEqual([]);
  });

  it('is a fixed stand-in for a request with no socket (in-process calls), whom no header speaks for', async () => {
    expect(await addressSeen(0)(undefined)).toBe(NO_SOCKET_ADDRESS);
    expect(await addressSeen(1)(undefined, '198.51.100.7')).toBe(NO_SOCKET_ADDRESS);
  });

  it('keys IPv4 as written, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::FFFF:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(addressKey('[2001:db8:1:2::9]')).toBe('2001:db8:1:2::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey(' Unknown-Proxy-Value ')).toBe('unknown-proxy-value');
  });
});

describe('per-address limits behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { trustedProxyHops: 1, trustedProxies: trustedProxiesFrom('10.0.0.2') });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, forwardedFor: string, captcha?: string) =>
    t.call('POST', '/api/main/user/login', {
      body: { email, password, ...(captcha === undefined ? {} : { captcha_token: captcha }) },
      headers: { 'x-forwarded-for': forwardedFor },
      // every call reaches us through the proxy's own connection
      from: '10.0.0.2',
    });
  const typeOf = (res: { body: any }) => res.body.errors?.[0].type.replace('urn:sarraf:error:', '');

  it('counts failures against the address the proxy saw, not one the caller wrote', async () => {
    const owner = await registerCustomer(t);
    for (let i = 0; i < 3; i++) {
      const forged = `${newCallerAddress()}, 203.0.113.5`;
      expect(typeOf(await login(owner.email, `wrong-${i}-passw0rd`, forged))).toBe('CustomerNotFound');
    }
    expect(typeOf(await login(owner.email, owner.password, `${newCallerAddress()}, 203.0.113.5`))).toBe(
      'CaptchaRequired',
    );
    expect((await login(owner.email, owner.password, '203.0.113.5', SANDBOX_CAPTCHA_TOKEN)).status).toBe(200);
    // the owner behind the same proxy at another address was never asked
    expect((await login(owner.email, owner.password, '203.0.113.6')).status).toBe(200);
  });

  it('counts an IPv6 caller by its /64, so walking through its own block does not help', async () => {
    const owner = await registerCustomer(t);
    for (let i = 1; i <= 3; i++) {
      expect(typeOf(await login(owner.email, `wrong-${i}-passw0rd`, `2001:db8:77:1::${i}`))).toBe('CustomerNotFound');
    }
    expect(typeOf(await login(owner.email, owner.password, '2001:db8:77:1:abcd::4'))).toBe('CaptchaRequired');
    expect((await login(owner.email, owner.password, '2001:db8:77:2::1')).status).toBe(200);
  });
});
