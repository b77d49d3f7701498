import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { waitForServiceWorkerControl } from './support/service-worker.ts';
import { expect, test } from './support/test.ts';

// this spec's screens need the service worker (offline copies, push, updates)
test.use({ serviceWorkers: 'allow' });

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

test.describe('update hand-over', () => {
  // both tests deploy a new sw.js on the one server: one at a time
  test.describe.configure({ mode: 'serial' });
  // Simulates a deploy: a byte-different sw.js on the server, as the next build would be. Its /version.json is
  // this page's alone (other tests run beside this one against the same server and must not see a new release).
  const swFile = join(process.env.E2E_STATIC_DIR ?? 'dist', 'sw.js');
  const NEXT_RELEASE_MARKER = `
self.addEventListener('message', (event) => {
  if (event.data?.type === 'E2E_WHICH_RELEASE') event.ports[0]?.postMessage('next');
});
`;
  let original = '';
  /** Writes sw.js as a build would: with its brotli and gzip copies (scripts/compress-dist.ts), which the server prefers. */
  const deploySw = (source: string) => {
    writeFileSync(swFile, source);
    writeFileSync(`${swFile}.br`, brotliCompressSync(source));
    writeFileSync(`${swFile}.gz`, gzipSync(source));
  };
  test.beforeEach(() => {
    original = readFileSync(swFile, 'utf8');
  });
  test.afterEach(() => {
    // a test whose browser never started skipped beforeEach: there is nothing to put back
    if (original) deploySw(original);
    original = '';
  });

  const controllerRelease = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve(String(event.data));
          navigator.serviceWorker.controller?.postMessage({ type: 'E2E_WHICH_RELEASE' }, [channel.port2]);
          setTimeout(() => resolve('current'), 1_000);
        }),
    );

  for (const update of ['major', 'minor'] as const) {
    test(`${update}: Refresh lets the waiting worker take over and reloads into the new release`, async ({ page }) => {
      await page.goto('/sign-in');
      await waitForServiceWorkerControl(page);
      expect(await controllerRelease(page)).toBe('current');

      let deployed = { version: '99.0.0', version_update: update };
      await page.route('**/version.json?*', (route) => route.fulfill({ json: deployed }));
      deploySw(original + NEXT_RELEASE_MARKER);
      await page.reload();

      const prompt =
        update === 'major'
          ? page.getByRole('dialog', { name: 'A new version of Sarraf is ready' })
          : page.getByRole('status').filter({ hasText: 'A new version of Sarraf is available.' });
      await expect(prompt).toBeVisible();
      await expect
        .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)))
        .toBe(true);
      expect(await controllerRelease(page), 'the new worker waits for consent').toBe('current');

      // the app's own bundle is the same in both releases here: the file says it is the one running
      deployed = { version: pkg.version, version_update: update };
      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Refresh' }).click()]);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // the new worker may still be starting when the page is back: it answers once it runs
      await expect.poll(() => controllerRelease(page)).toBe('next');
      await expect(prompt).toHaveCount(0);
    });
  }
});

test.describe('update notices', () => {
  // The notices alone, driven by /version.json: no worker here (the hand-over above has its own test).
  test.use({ serviceWorkers: 'block' });

  test('a major release blocks the app until the customer refreshes', async ({ page }) => {
    let deployed = { version: '99.0.0', version_update: 'major' };
    await page.route('**/version.json?*', (route) => route.fulfill({ json: deployed }));
    await page.goto('/');

    const dialog = page.getByRole('dialog', { name: 'A new version of Sarraf is ready' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'new-version modal');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialog, 'Escape does not dismiss it').toBeVisible();

    deployed = { version: pkg.version, version_update: 'major' };
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Refresh' }).click()]);
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(dialog).toHaveCount(0);
  });

  test('a minor release is announced without blocking the app', async ({ page }) => {
    await page.route('**/version.json?*', (route) =>
      route.fulfill({ json: { version: '99.0.1', version_update: 'minor' } }),
    );
    await page.goto('/');

    const notice = page.getByRole('status').filter({ hasText: 'A new version of Sarraf is available.' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }), 'the screen stays usable').toBeVisible();
    await expectNoAxeViolations(page, 'new-version announcement');
  });

  test('the minor announcement hides after 15 seconds, once per release; polls run every 30 seconds', async ({
    page,
  }) => {
    await page.clock.install();
    const polls: string[] = [];
    await page.route('**/version.json?*', (route) => {
      polls.push(route.request().url());
      return route.fulfill({ json: { version: '99.0.1', version_update: 'minor' } });
    });
    await page.goto('/');
    const notice = page.getByRole('status').filter({ hasText: 'A new version of Sarraf is available.' });
    await expect(notice).toBeVisible();
    // From here on only the test moves time, so the checks below are exact.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 250);
    const cacheBusters = polls.map((url) => new URL(url).searchParams.get('t'));
    expect(cacheBusters, 'every poll carries ?t=').not.toContain(null);

    await page.clock.runFor(13_500);
    await expect(notice).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(notice).toHaveCount(0);

    const before = polls.length;
    await page.clock.runFor(30_000);
    await expect.poll(() => polls.length).toBe(before + 1);
    await expect(notice, 'the same release is not announced twice').toHaveCount(0);
  });
});
