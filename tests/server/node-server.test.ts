import type { Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeServer } from '../../src/server/http/node-server.ts';
import { trustedProxiesFrom } from '../../src/server/http/trusted-proxies.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** What the server answers to bytes written straight to a socket. */
function exchange(port: number, request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
    });
    socket.end(request);
  });
}

describe('the Node server', () => {
  let t: TestApp;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    server = createNodeServer(t.app.fetch, t.deps.logger, t.deps.config);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  const refused = (type: string) => ({
    errors: [{ type: `urn:sarraf:error:${type}`, message: expect.any(String), property_path: null }],
  });

  it.each([
    [
      'headers past Node’s limit',
      431,
      'HeadersTooLarge',
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ],
    [
      'a URL past Node’s limit',
      431,
      'HeadersTooLarge',
      `GET /api/locator/users?email=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ],
    ['a NUL in the request line', 400, 'ValidationFailed', 'GET /api/locator/countries/\0 HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['bytes that are not HTTP', 400, 'ValidationFailed', '\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03'],
    ['no Host header', 400, 'ValidationFailed', 'GET /healthz HTTP/1.1\r\n\r\n'],
    ['a bad Host header', 400, 'ValidationFailed', 'GET /healthz HTTP/1.1\r\nHost: a b\r\n\r\n'],
  ])('answers %s in the error envelope with an x-request-id', async (_, status, type, request) => {
    const res = await exchange(port, request);
    expect(res.status).toBe(status);
    expect(res.headers).toMatch(/\r\nx-request-id: [0-9a-f-]{36}(\r\n|$)/);
    expect(res.headers).toContain('content-type: application/json');
    expect(res.headers).toContain('\r\ncache-control: no-store');
    // JSON, not a page: it loads nothing and nothing frames it
    expect(res.headers).toContain("\r\ncontent-security-policy: default-src 'none'; frame-ancestors 'none'\r\n");
    expect(res.headers).toContain('\r\nx-frame-options: deny');
    expect(res.headers).toContain('\r\nx-content-type-options: nosniff');
    expect(res.headers, 'plain http from a direct caller').not.toContain('strict-transport-security');
    expect(JSON.parse(res.body)).toEqual(refused(type));
  });

  const overLimit = `{"email":"${'a'.repeat(1024 * 1024)}"}`;
  it.each([
    ['its Content-Length', `Content-Length: ${overLimit.length}\r\n\r\n${overLimit}`],
    [
      'counting a chunked body',
      `Transfer-Encoding: chunked\r\n\r\n${overLimit.length.toString(16)}\r\n${overLimit}\r\n0\r\n\r\n`,
    ],
  ])('refuses a JSON body over 1 MiB with 413, judged by %s', async (_, rest) => {
    const res = await exchange(
      port,
      `POST /api/oauth/email/send HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n${rest}`,
    );
    expect(res.status).toBe(413);
    expect(res.headers).toContain('\r\ncache-control: no-store');
    expect(JSON.parse(res.body)).toEqual(refused('PayloadTooLarge'));
  });

  it('reads a JSON body and answers with every header the middleware adds', async () => {
    const body = JSON.stringify({ email: 'not an e-mail' });
    const res = await exchange(
      port,
      `POST /api/oauth/email/send HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nX-Request-Id: node-server-test-1\r\n\r\n${body}`,
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).errors[0].property_path).not.toBeNull();
    expect(res.headers).toContain('\r\nx-request-id: node-server-test-1');
    expect(res.headers).toContain('\r\ncache-control: no-store');
    // JSON, not a page: it loads nothing and nothing frames it
    expect(res.headers).toContain("\r\ncontent-security-policy: default-src 'none'; frame-ancestors 'none'\r\n");
    expect(res.headers).toContain('\r\nx-frame-options: deny');
    expect(res.headers).toContain('\r\nx-content-type-options: nosniff');
  });

  it('still answers a well-formed request', async () => {
    const res = await exchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
  });
});

/** A server on a loopback port for `t`, trusting the proxies at `proxies` for HSTS. */
async function listen(t: TestApp, proxies: string): Promise<{ server: Server; port: number }> {
  const transport = { ...t.deps.config, trustedProxies: trustedProxiesFrom(proxies) };
  const server = createNodeServer(t.app.fetch, t.deps.logger, transport);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

describe('the Node server behind a TLS-terminating proxy (PUBLIC_ORIGIN https)', () => {
  let t: TestApp;
  let proxied: { server: Server; port: number };
  let direct: { server: Server; port: number };
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      publicOrigin: 'https://sarraf.example',
      trustedProxyHops: 1,
      trustedProxies: trustedProxiesFrom('127.0.0.1'),
    });
    // this test's loopback connection is the proxy's
    proxied = await listen(t, '127.0.0.1');
    // our proxy is elsewhere: the loopback connection is a direct caller's
    direct = await listen(t, '192.0.2.1');
  });
  afterAll(async () => {
    for (const { server } of [proxied, direct]) await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  const HSTS = '\r\nstrict-transport-security: max-age=31536000; includesubdomains';
  const requests = [
    ['an answer of the app', 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 200],
    ['headers past Node’s limit', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['bytes that are not HTTP', '\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03', 400],
    ['a bad Host header', 'GET /healthz HTTP/1.1\r\nHost: a b\r\n\r\n', 400],
  ] as const;

  it.each(requests)('sends HSTS on %s through the trusted proxy', async (_, request, status) => {
    const res = await exchange(proxied.port, request);
    expect(res.status).toBe(status);
    expect(res.headers).toContain(HSTS);
    expect(res.headers).toContain('\r\nx-content-type-options: nosniff');
  });

  it.each(requests.filter(([, , status]) => status !== 200))(
    'sends no HSTS on %s to a direct caller over plain http',
    async (_, request, status) => {
      const res = await exchange(direct.port, request);
      expect(res.status).toBe(status);
      expect(res.headers).not.toContain('strict-transport-security');
      expect(res.headers).toContain('\r\nx-content-type-options: nosniff');
    },
  );
});
