import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PaymentResultPage } from './page-models/send-money-pages.ts';
import { customerAtHome } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { pngSize } from './support/png-size.ts';
import { kenyanRecipient, startTransfer } from './support/send-money-flow.ts';
import { waitForServiceWorkerControl } from './support/service-worker.ts';
import { expect, test } from './support/test.ts';
import { topUpByApi } from './support/wallet-funds.ts';
import { WHOLE_BROWSER } from './support/whole-browser.ts';

// this spec's screens need the service worker (offline copies, push, updates)
test.use({ serviceWorkers: 'allow' });

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

  test("Chromium's own installability check (the one Lighthouse's installable-manifest audit ran) finds nothing", async ({
    playwright,
    launchOptions,
    baseURL,
  }) => {
    // a profile on disk: Chromium never offers to install from an incognito one, which every test context is
    const profile = mkdtempSync(join(tmpdir(), 'sarraf-install-'));
    const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await waitForServiceWorkerControl(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const { errors } = await cdp.send('Page.getAppManifest');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test("Chromium's offer to install is the app's to make: never on a first visit, then after the first paid transfer", {
    tag: WHOLE_BROWSER,
  }, async ({ playwright, launchOptions, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(90_000);
    // A profile on disk (never an incognito one) and no wait for the engagement Chromium asks of a site before it
    // offers: the browser's real beforeinstallprompt, as soon as the page is installable.
    const profile = mkdtempSync(join(tmpdir(), 'sarraf-install-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...launchOptions,
      args: [...(launchOptions.args ?? []), '--bypass-app-banner-engagement-checks'],
      baseURL,
      extraHTTPHeaders,
      viewport: { width: 360, height: 780 },
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.addInitScript(() => {
        window.addEventListener('beforeinstallprompt', () => Object.assign(window, { installOffered: true }));
        // the push permission modal answered, as on every test's device (playwright.config.ts): this is the install offer's
        localStorage.setItem('push-prompt', 'later');
      });
      await customerAtHome(page, context.request);
      await waitForServiceWorkerControl(page);
      await expect.poll(() => page.evaluate(() => 'installOffered' in window)).toBe(true);
      const offer = page.getByRole('region', { name: 'Keep Sarraf on your home screen' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(offer, 'not on a first visit').toHaveCount(0);

      await topUpByApi(page, '150.00');
      await startTransfer(page, kenyanRecipient('Install'));
      await page
        .getByRole('region', { name: 'Pay from your wallet' })
        .getByRole('button', { name: /^Pay £\d+\.\d{2} from wallet$/ })
        .click();
      await expect(new PaymentResultPage(page).heading).toBeVisible();
      await expect(offer).toBeVisible();
      await expect(offer.getByRole('button', { name: 'Add to home screen' })).toBeVisible();
      await expectNoAxeViolations(page, 'install offer');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await offer.getByRole('button', { name: 'Not now' }).click();
      await expect(offer).toHaveCount(0);
      await page.reload();
      await expect(new PaymentResultPage(page).heading).toBeVisible();
      await expect(offer, 'the answer is remembered on this device').toHaveCount(0);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
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

  test('and a "Transfers" shortcut to the transfers list', async ({ request }) => {
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as Manifest;
    expect(manifest.shortcuts?.find((entry) => entry.name === 'Transfers')?.url).toBe('/transfers');
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

test.describe("the worker's shell", () => {
  /** The chunks a shell page names in its head, in order. */
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1] ?? '');
  /** The catalog a shell page names for the app to start with. */
  const CATALOG = /<link rel="modulepreload" crossorigin href="[^"]+" data-catalog="[^"]+"(?: data-screen="\d+")?>/;

  test("names a page's own chunks as the server's does, and its language's catalog, and opens offline", async ({
    page,
    context,
  }) => {
    await customerAtHome(page, context.request);
    await waitForServiceWorkerControl(page);
    await page.goto('/profile');
    await page.locator('select:has(option[lang="sv"])').first().selectOption('sv');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');

    const server = await context.request.get('/transfers', { headers: { accept: 'text/html', cookie: 'locale=sv' } });
    const fromServer = await server.text();
    expect(fromServer).toContain('<html lang="sv">');
    expect(preloads(fromServer).some((href) => href.includes('first-transfers'))).toBe(true);
    // a first visit: the screen's own messages (src/domain/shell-pages.ts)
    expect(fromServer).toMatch(
      /href="\/assets\/lang~sv~page\.transfers\.[\w-]+\.js" data-catalog="sv" data-screen="\d+">/,
    );

    for (const offline of [false, true]) {
      await context.setOffline(offline);
      const response = await page.goto('/transfers');
      expect(response?.fromServiceWorker(), `offline: ${offline}`).toBe(true);
      const fromWorker = (await response?.text()) ?? '';
      expect(preloads(fromWorker)).toEqual(preloads(fromServer));
      // the first part of the catalog, which the worker has precached
      const catalog = CATALOG.exec(fromWorker)?.[0] ?? '';
      expect(catalog).toMatch(/href="\/assets\/lang~sv~messages-first-[\w-]+\.js" data-catalog="sv">$/);
      // the whole page, to its last byte: the same shell the server sends but for that, not claiming the stored
      // copy's coding
      expect(fromWorker).toBe(fromServer.replace(CATALOG, catalog));
      const headers = (await response?.allHeaders()) ?? {};
      expect(headers['content-encoding'], 'the worker sends the page as it is').toBeUndefined();
      expect(headers['content-length']).toBeUndefined();
      expect(headers['content-security-policy']).toBe(server.headers()['content-security-policy']);
      await expect(page.getByRole('heading', { level: 1, name: 'Överföringar' })).toBeVisible();
    }
    await context.setOffline(false);
  });
});
