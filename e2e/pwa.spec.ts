import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { pngSize } from './support/png-size.ts';
import { PushDelivery, sendToBackground, waitForServiceWorkerControl } from './support/service-worker.ts';

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}
interface Manifest {
  id?: string;
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  icons: ManifestIcon[];
  shortcuts?: Array<{ name: string; url: string; icons?: ManifestIcon[] }>;
}

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

test.describe('installability', () => {
  test('the page links a manifest that meets the install criteria', async ({ page, request, baseURL }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href, 'index.html links the manifest').toBeTruthy();
    const response = await request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as Manifest;
    const origin = new URL(baseURL ?? '').origin;
    const resolve = (url: string) => new URL(url, new URL(href ?? '', origin));

    expect(manifest.name).toBeTruthy();
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.id).toBe('/');
    expect(['standalone', 'fullscreen', 'minimal-ui']).toContain(manifest.display);
    const start = resolve(manifest.start_url ?? '');
    const scope = resolve(manifest.scope ?? '/');
    expect(start.origin).toBe(origin);
    expect(start.pathname.startsWith(scope.pathname), 'start_url lies within scope').toBe(true);

    const anyPurpose = manifest.icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes('any'));
    expect(anyPurpose.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')).toBe(true);

    for (const icon of manifest.icons) {
      const iconResponse = await request.get(resolve(icon.src).href);
      expect(iconResponse.status(), icon.src).toBe(200);
      expect(iconResponse.headers()['content-type'], icon.src).toBe('image/png');
      const { width, height } = pngSize(await iconResponse.body());
      expect(`${width}x${height}`, `${icon.src} is as large as the manifest says`).toBe(icon.sizes);
    }
  });

  test('the manifest offers a "New transfer" shortcut into the send-money flow', async ({ page, request }) => {
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as Manifest;
    const shortcut = manifest.shortcuts?.find((entry) => entry.name === 'New transfer');
    expect(shortcut?.url).toBe('/send-money/quote');
    const response = await page.goto(shortcut?.url ?? '');
    expect(response?.status()).toBe(200);
    await expect(page.locator('#root')).not.toBeEmpty();
  });
});

test.describe('version file', () => {
  test('/version.json names the built version and the kind of update, never cached', async ({ request }) => {
    const response = await request.get(`/version.json?t=${Date.now()}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('no-store');
    const body = (await response.json()) as unknown;
    expect(body).toEqual({ version: pkg.version, version_update: expect.stringMatching(/^(major|minor)$/) });
  });
});

test.describe('web push', () => {
  const payload = {
    title: 'Transfer paid out',
    body: 'Amina received 5,000.00 KES.',
    url: '/transfers',
    tag: 'transfer-42',
    category: 'transfer-status',
  };

  test.beforeEach(async ({ page, context, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL ?? '' });
    await page.goto('/');
    await waitForServiceWorkerControl(page);
  });

  test('a push while Sarraf has focus reaches the open window instead of the system tray', async ({
    page,
    context,
  }) => {
    await page.evaluate(() => {
      const received: unknown[] = [];
      Object.assign(window, { received });
      navigator.serviceWorker.addEventListener('message', (event) => received.push(event.data));
    });
    const push = await PushDelivery.attach(context, page);

    // A malformed push is dropped; the valid one after it is the only thing the window hears.
    await push.deliver('not json');
    await push.deliver({ ...payload, url: 'https://elsewhere.example/phish' });
    await push.deliver(payload);

    await expect
      .poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received))
      .toEqual([{ type: 'PUSH_RECEIVED', payload }]);
    const shown = await page.evaluate(async () => (await navigator.serviceWorker.ready).getNotifications());
    expect(shown).toHaveLength(0);
  });

  test('a push while no Sarraf window has focus shows a system notification', async ({ page, context }) => {
    const push = await PushDelivery.attach(context, page);
    await sendToBackground(context, page);

    await push.deliver(payload);

    await expect
      .poll(() =>
        page.evaluate(async () => {
          const notifications = await (await navigator.serviceWorker.ready).getNotifications();
          return notifications.map(({ title, body, tag, data }) => ({ title, body, tag, data }));
        }),
      )
      .toEqual([
        {
          title: payload.title,
          body: payload.body,
          tag: payload.tag,
          data: { url: payload.url, category: payload.category },
        },
      ]);
  });
});

test.describe('last-known API data', () => {
  // A public main-API GET: the cache rules are the same for every path under /api/main/.
  const path = '/api/main/user/usa-states';

  type Outcome = { status: number; cachedAt: string | null; body: string } | 'network error';
  const apiGet = (page: Page, token?: string): Promise<Outcome> =>
    page.evaluate(
      async ({ path, token }) => {
        try {
          const response = await fetch(path, { headers: token ? { 'x-auth-token': token } : {} });
          return {
            status: response.status,
            cachedAt: response.headers.get('x-sarraf-cached-at'),
            body: await response.text(),
          };
        } catch {
          return 'network error' as const;
        }
      },
      { path, token },
    );

  test.afterEach(async ({ context }) => {
    await context.setOffline(false);
  });

  test('offline, a customer sees their own last answer, marked with its age; never what another session saw', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    const online = await apiGet(page, 'token-of-amina');
    expect(online).toMatchObject({ status: 200, cachedAt: null });

    await context.setOffline(true);
    const offline = await apiGet(page, 'token-of-amina');
    expect(offline).toMatchObject({ status: 200, body: online === 'network error' ? '' : online.body });
    const cachedAt = offline === 'network error' ? null : offline.cachedAt;
    expect(Date.now() - Date.parse(cachedAt ?? ''), 'stamped when it was stored').toBeLessThan(60_000);

    expect(await apiGet(page, 'token-of-someone-else')).toBe('network error');
    expect(await apiGet(page), 'nor without a session').toBe('network error');
  });

  test('LOGOUT wipes every cached API answer', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    expect(await apiGet(page, 'token-of-amina')).toMatchObject({ status: 200 });

    const reply = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve(event.data);
          navigator.serviceWorker.controller?.postMessage({ type: 'LOGOUT' }, [channel.port2]);
        }),
    );
    expect(reply).toEqual({ type: 'LOGOUT_DONE' });

    await context.setOffline(true);
    expect(await apiGet(page, 'token-of-amina')).toBe('network error');
  });
});

test.describe('update hand-over', () => {
  // Simulates a deploy: a byte-different sw.js on the server, as the next build would be.
  const swFile = join(process.env.E2E_STATIC_DIR ?? 'dist', 'sw.js');
  const NEXT_RELEASE_MARKER = `
self.addEventListener('message', (event) => {
  if (event.data?.type === 'E2E_WHICH_RELEASE') event.ports[0]?.postMessage('next');
});
`;
  let original = '';
  test.beforeEach(() => {
    original = readFileSync(swFile, 'utf8');
  });
  test.afterEach(() => {
    writeFileSync(swFile, original);
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

  test('Refresh lets the waiting worker take over and reloads into the new release', async ({ page }) => {
    await page.goto('/sign-in');
    await waitForServiceWorkerControl(page);
    expect(await controllerRelease(page)).toBe('current');

    let deployed = { version: '99.0.0', version_update: 'major' };
    await page.route('**/version.json?*', (route) => route.fulfill({ json: deployed }));
    writeFileSync(swFile, original + NEXT_RELEASE_MARKER);
    await page.reload();

    const dialog = page.getByRole('dialog', { name: 'A new version of Sarraf is ready' });
    await expect(dialog).toBeVisible();
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)))
      .toBe(true);
    expect(await controllerRelease(page), 'the new worker waits for consent').toBe('current');

    deployed = { version: pkg.version, version_update: 'major' };
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Refresh' }).click()]);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await controllerRelease(page)).toBe('next');
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('update notices', () => {
  // The notices are driven by /version.json; the worker is kept out so the route below answers the page.
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
