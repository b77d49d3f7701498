import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestApp } from './test-app.ts';

let made: string | undefined;

/**
 * The least of a built app (`staticDir`): its page alone, so a test app answers a page as a deployment does, with the
 * page's policy. The API's answers carry a policy of their own (`NOT_A_DOCUMENT_POLICY`), not the page's. One
 * directory per test process, for every app that asks.
 */
export function builtPageDir(): string {
  if (made) return made;
  const dir = mkdtempSync(join(tmpdir(), 'sarraf-page-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en-GB"><head><title>Sarraf</title></head><body><div id="root"></div></body></html>',
  );
  made = dir;
  return dir;
}

/** The Content-Security-Policy a test app made with `staticDir: builtPageDir()` answers its page with. */
export async function pagePolicy(t: TestApp): Promise<string> {
  const page = await t.app.request('/home', { headers: { accept: 'text/html' } });
  if (page.status !== 200) throw new Error(`the page answered ${page.status}: was the app made with builtPageDir()?`);
  return page.headers.get('content-security-policy') ?? '';
}
