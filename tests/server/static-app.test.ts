import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('serving the built PWA', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sarraf-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Sarraf</title><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'sw.js'), 'self.x = 1');
    writeFileSync(join(dir, 'version.json'), '{"version":"1.0.0","version_update":"minor"}');
    writeFileSync(join(dir, 'manifest.webmanifest'), '{}');
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

  it('answers a client route with the shell, uncached, with the CSP', async () => {
    const res = await t.app.request('/transfers/SR12345678', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
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
