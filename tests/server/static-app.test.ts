import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const BIG_SCRIPT = `export const rates = ${JSON.stringify(Array.from({ length: 400 }, (_, n) => ({ n, kes: '159.93' })))};`;

describe('serving the built PWA', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sarraf-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html lang="en-GB"><head><title>Sarraf</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'sw.js'), 'self.x = 1');
    writeFileSync(join(dir, 'version.json'), '{"version":"1.0.0","version_update":"minor"}');
    writeFileSync(join(dir, 'manifest.webmanifest'), '{}');
    writeFileSync(join(dir, 'assets', 'big-abc123.js'), BIG_SCRIPT);
    writeFileSync(
      join(dir, 'route-preloads.json'),
      JSON.stringify({
        routes: [
          {
            pattern: '/transfers',
            scripts: ['/assets/_app-1.js', '/assets/transfers-1.js', '/assets/screens~transfers~home-1.js'],
            catalogs: { so: '/assets/lang~so~page.transfers.1.js', sv: '/assets/lang~sv~page.transfers.1.js' },
            screen: 6,
          },
          { pattern: '/transfers/:transactionReference', scripts: ['/assets/_empty-1.js', '/assets/detail-1.js'] },
          { pattern: '/send-money/pay/:transactionReference?', scripts: ['/assets/pay-1.js'] },
        ],
        catalogs: { 'en-GB': '/assets/messages-gb.js', so: '/assets/messages-so.js', sv: '/assets/messages-sv.js' },
      }),
    );
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/compress-dist.ts', dir]);
    t = await createTestApp('pglite', { staticDir: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('caches hashed assets for a year, immutable', async () => {
    const res = await t.app.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/sw.js', '/version.json', '/manifest.webmanifest', '/index.html'])('never caches %s', async (path) => {
    const res = await t.app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate');
  });

  it("gives the shell the page's whole policy and the page's headers", async () => {
    const res = await t.app.request('/transfers', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('permissions-policy')).toContain('camera=(self)');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each(['/assets/index-abc123.js', '/sw.js'])(
    "gives a script, which a worker may be made from, the page's policy and referrer policy: %s",
    async (path) => {
      const res = await t.app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // a page's alone
      expect(res.headers.get('permissions-policy')).toBeNull();
      expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
    },
  );

  it.each(['/manifest.webmanifest', '/version.json'])(
    'gives %s, no page nor script, a policy that loads nothing and is never framed, and no page headers',
    async (path) => {
      const res = await t.app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      for (const name of ['permissions-policy', 'cross-origin-opener-policy', 'referrer-policy']) {
        expect(res.headers.get(name), name).toBeNull();
      }
    },
  );

  it('answers a client route with the shell, uncached, with the CSP', async () => {
    const res = await t.app.request('/transfers/SR12345678', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
  ])('sends the copy compressed at build to a browser accepting %s', async (accepted, encoding) => {
    const res = await t.app.request('/assets/big-abc123.js', { headers: { 'accept-encoding': accepted } });
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(res.headers.get('content-type')).toContain('javascript');
    const body = Buffer.from(await res.arrayBuffer());
    const text = encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body);
    expect(text.toString()).toBe(BIG_SCRIPT);
  });

  it('sends the plain file to a browser that accepts no compression', async () => {
    const res = await t.app.request('/assets/big-abc123.js', { headers: { 'accept-encoding': 'identity' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(BIG_SCRIPT);
  });

  it('compresses JSON answers above 1 KiB', async () => {
    const res = await t.app.request('/api/main/user/usa-states', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const states = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()) as { data: unknown[] };
    expect(states.data.length).toBeGreaterThan(50);
  });

  it('sends a JSON answer under 1 KiB as it is, with its length, to a browser that accepts gzip', async () => {
    const res = await t.app.request('/api/main/user/detect-country', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(body));
    expect(Buffer.byteLength(body)).toBeLessThan(1024);
    expect(JSON.parse(body)).toMatchObject({ data: { country_code: expect.any(String) } });
  });

  it('says a JSON answer varies by encoding when it is sent as it is too, and keeps the shell page its own Vary', async () => {
    const plain = await t.app.request('/api/main/user/usa-states');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(((await plain.json()) as { data: unknown[] }).data.length).toBeGreaterThan(50);
    const shell = await t.app.request('/transfers', { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(shell.headers.get('content-encoding')).toBe('gzip');
    expect(shell.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');
    expect(gunzipSync(Buffer.from(await shell.arrayBuffer())).toString()).toContain('<div id="root">');
  });

  it("names a page's own chunks in the shell it answers with", async () => {
    const page = async (path: string) => (await t.app.request(path, { headers: { accept: 'text/html' } })).text();
    const list = await page('/transfers');
    expect(list).toContain('<link rel="modulepreload" crossorigin href="/assets/transfers-1.js">');
    // a chunk the bundler named by the screens that share it
    expect(list).toContain('<link rel="modulepreload" crossorigin href="/assets/screens~transfers~home-1.js">');
    expect(list).toContain('<div id="root">');
    const detail = await page('/transfers/SR12345678');
    expect(detail).toContain('/assets/detail-1.js');
    expect(detail).not.toContain('/assets/transfers-1.js');
    expect(await page('/send-money/pay')).toContain('/assets/pay-1.js');
    expect(await page('/send-money/pay/SR12345678')).toContain('/assets/pay-1.js');
    expect(await page('/no-such-page')).not.toContain('/assets/pay-1.js');
  });

  it("names the catalog of the language the page will start in and sets <html lang>: the device's choice first", async () => {
    const page = async (headers: Record<string, string>) => {
      const res = await t.app.request('/transfers', { headers: { accept: 'text/html', ...headers } });
      expect(res.headers.get('vary')).toMatch(/Cookie, Accept-Language/);
      return res.text();
    };
    // a first screen's page names the screen's own messages in the language, and its place among the first screens
    const swedish = await page({ 'accept-language': 'de-DE,sv;q=0.8,en;q=0.5' });
    expect(swedish).toContain('<html lang="sv">');
    expect(swedish).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/lang~sv~page.transfers.1.js" data-catalog="sv" data-screen="6">',
    );
    expect(swedish).not.toContain('messages-sv.js');
    expect(swedish).not.toContain('messages-gb.js');
    const chosen = await page({ 'accept-language': 'sv', cookie: 'locale=so' });
    expect(chosen).toContain('<html lang="so">');
    expect(chosen).toContain('/assets/lang~so~page.transfers.1.js');
    expect(chosen).not.toContain('~sv~');
    // a cookie naming no language of ours, and no header at all: British English, whose own messages this page lacks
    const plain = await page({ cookie: 'locale=<script>' });
    expect(plain).toContain('<html lang="en-GB">');
    expect(plain).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/messages-gb.js" data-catalog="en-GB">',
    );
    // a page that is not a first screen names the first part of the catalog
    const detail = await t.app.request('/transfers/SR12345678', {
      headers: { accept: 'text/html', cookie: 'locale=sv' },
    });
    expect(await detail.text()).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/messages-sv.js" data-catalog="sv">',
    );
  });

  it('never answers an API path with the shell', async () => {
    const res = await t.app.request('/api/main/no-such-call', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { errors: { type: string }[] }).errors[0]?.type).toBe('urn:sarraf:error:NotFound');
  });

  it('answers a missing asset with 404, not the shell', async () => {
    const res = await t.app.request('/assets/missing.js', { headers: { accept: '*/*' } });
    expect(res.status).toBe(404);
  });
});
