import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { nextRelease } from '../scripts/e2e-next-release.ts';
import { startServer, stopServer, waitUntilHealthy } from '../scripts/e2e-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { waitForServiceWorkerControl } from './support/service-worker.ts';
import { expect, test } from './support/test.ts';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

test.describe('update hand-over between two builds', () => {
  // Each test is a deploy: this build served on an origin of its own, then the next release of the same source
  // (built by scripts/e2e.ts, with its own chunks, worker and precache) served there instead, as a new server
  // process with only the new files, as a deploy replaces them. The two run one at a time on one port.
  test.describe.configure({ mode: 'serial' });
  test.use({ serviceWorkers: 'allow' });

  const port = Number(new URL(process.env.E2E_BASE_URL ?? 'http://localhost:8181').port) + 100;
  const origin = `http://localhost:${port}`;
  // One database for every build, as a deploy keeps it: the first start migrates it and each later one opens it (in
  // memory, each of the four starts had migrated a new database from empty, 15-30 s on two busy cores).
  let dataDir = '';
  test.beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sarraf-e2e-deploys-'));
  });
  test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  let server: ChildProcess | undefined;
  const serve = async (staticDir: string) => {
    if (server) await stopServer(server);
    server = startServer({ port, staticDir, dataDir });
    await waitUntilHealthy(server, port);
  };
  test.afterEach(async () => {
    if (server) await stopServer(server);
    server = undefined;
  });

  /** The app's entry script in a build's index.html: it carries the release's version, so each build's differs. */
  const entryOf = (dir: string) => {
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(readFileSync(join(dir, 'index.html'), 'utf8'))?.[1];
    if (!entry) throw new Error(`no entry script in ${dir}/index.html`);
    return entry;
  };
  const runningEntry = (page: Page) =>
    page.evaluate(
      () => new URL(document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '').pathname,
    );
  const workerWaiting = (page: Page) =>
    page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));

  for (const update of ['major', 'minor'] as const) {
    test(`${update}: the next build's worker waits for Refresh, then the page reloads into the new release`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const next = nextRelease(update);
      const current = { dir: 'dist' };
      expect(entryOf(next.dir), 'two different builds').not.toBe(entryOf(current.dir));

      await serve(current.dir);
      // The app polls /version.json every 30 s: the test moves the page's clock instead of waiting.
      await page.clock.install();
      await page.goto(`${origin}/sign-in`);
      await waitForServiceWorkerControl(page);
      expect(await runningEntry(page)).toBe(entryOf(current.dir));

      await serve(next.dir);
      // The running page goes on: a lazy screen it had not opened needs chunks the new server no longer has,
      // and the worker of its own release still holds them.
      const scripts: { path: string; status: number; fromWorker: boolean }[] = [];
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname;
        if (path.endsWith('.js'))
          scripts.push({ path, status: response.status(), fromWorker: response.fromServiceWorker() });
      });
      // (a screen whose code the sign-in page has not loaded: the first screens share theirs)
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await expect(page).toHaveURL(/\/recovery-password$/);
      // The URL moves before the lazy screen has loaded (the sign-in heading is still up): wait for its own heading.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
      expect(await runningEntry(page), 'no reload happened').toBe(entryOf(current.dir));
      const gone = scripts.filter(({ path }) => !existsSync(join(next.dir, path)));
      expect(gone.length, 'the screen needed chunks of the old release only').toBeGreaterThan(0);
      expect(gone.filter(({ status, fromWorker }) => status !== 200 || !fromWorker)).toEqual([]);

      await page.clock.fastForward(30_000);
      const prompt =
        update === 'major'
          ? page.getByRole('dialog', { name: 'A new version of Sarraf is ready' })
          : page.getByRole('status').filter({ hasText: 'A new version of Sarraf is available.' });
      await expect(prompt).toBeVisible();
      await expect.poll(() => workerWaiting(page), { message: "the next build's worker installed" }).toBe(true);
      await expectNoAxeViolations(page, `${update} update prompt`);

      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Refresh' }).click()]);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await runningEntry(page), 'the page runs the new release').toBe(entryOf(next.dir));
      await expect.poll(() => workerWaiting(page)).toBe(false);
      await page.clock.fastForward(30_000);
      await expect(prompt, 'the new release is the one deployed: nothing more to announce').toHaveCount(0);
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
