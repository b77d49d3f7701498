import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { precacheManifest } from '../scripts/bench/precache-size.ts';
import type { Locale } from '../src/domain/locales.ts';
import { languageOfFile, ON_DEMAND_FILE } from '../src/domain/precache-files.ts';
import { AppShell } from './page-models/app-shell.ts';
import { waitForServiceWorkerControl } from './support/service-worker.ts';
import { expect, test } from './support/test.ts';

// the service worker's precache is what this spec is about
test.use({ serviceWorkers: 'allow', locale: 'sv-SE' });

/**
 * Every page's code, however deeply imported, as the build lists it for the server (route-preloads.json), and the
 * app's one stylesheet, which index.html names.
 */
function everyScreensFiles(): string[] {
  const { routes } = JSON.parse(readFileSync('dist/route-preloads.json', 'utf8')) as {
    routes: { scripts: string[] }[];
  };
  const styles = [...readFileSync('dist/index.html', 'utf8').matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)];
  expect(styles).toHaveLength(1);
  return [...new Set([...routes.flatMap(({ scripts }) => scripts), ...styles.map(([, href]) => href as string)])];
}

const languageFiles = (locale: Locale) =>
  precacheManifest()
    .filter((url) => languageOfFile(url) === locale)
    .map((url) => `/${url}`);

/** The app's files this browser holds for offline use, in any of the worker's caches. */
function heldFiles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const held = await Promise.all(
      (await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)),
    );
    return held.flat().map((url) => new URL(url).pathname);
  });
}

/** Of `files`, those no cache of the worker answers (each as the page would ask for it). */
function missingOffline(page: Page, files: string[]): Promise<string[]> {
  return page.evaluate(
    async (paths) => (await Promise.all(paths.map(async (path) => ((await caches.match(path)) ? [] : [path])))).flat(),
    files,
  );
}

test.afterEach(async ({ context }) => {
  await context.setOffline(false);
});

test('a first visit installs one language: every screen then opens offline in it, and a language chosen online after it too', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const shell = new AppShell(page);
  // a Swedish browser's first visit
  await shell.open('/sign-in');
  expect(await shell.documentLanguage()).toBe('sv');
  await waitForServiceWorkerControl(page);

  // its language's files, and no other language's; nothing of what needs the network anyway (Adyen Web)
  const swedish = languageFiles('sv');
  expect(swedish.length).toBeGreaterThan(0);
  await expect.poll(() => missingOffline(page, swedish)).toEqual([]);
  const held = await heldFiles(page);
  expect(held.filter((path) => languageOfFile(path) !== undefined && languageOfFile(path) !== 'sv')).toEqual([]);
  expect(held.filter((path) => ON_DEMAND_FILE.test(path))).toEqual([]);
  // every screen's code and styles are on the device, though only /sign-in was opened
  const screens = everyScreensFiles();
  expect(screens.length).toBeGreaterThan(50);
  expect(await missingOffline(page, screens)).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(shell.heading).toBeVisible();
  const swedishSignIn = (await shell.heading.textContent()) ?? '';
  expect(await shell.documentLanguage()).toBe('sv');
  for (const path of ['/sign-up', '/country-of-residence', '/transfers']) {
    const response = await page.goto(path);
    expect(response?.status(), `${path} answered by the service worker`).toBe(200);
    await expect(shell.heading, `${path} renders offline`).toBeVisible();
    expect(await shell.documentLanguage()).toBe('sv');
  }

  // online again, the customer switches to Somali: its files are kept as it loads, and it works offline
  await context.setOffline(false);
  await shell.open('/sign-in');
  await shell.chooseLanguage('so');
  await expect(page.locator('html')).toHaveAttribute('lang', 'so');
  await expect(shell.heading).not.toHaveText(swedishSignIn);
  const somaliSignIn = (await shell.heading.textContent()) ?? '';
  const somali = languageFiles('so');
  expect(somali.length).toBeGreaterThan(1);
  await expect.poll(() => missingOffline(page, somali)).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(shell.heading).toHaveText(somaliSignIn);
  expect(await shell.documentLanguage()).toBe('so');
  const response = await page.goto('/country-of-residence');
  expect(response?.status()).toBe(200);
  await expect(shell.heading).toBeVisible();
  expect(await shell.documentLanguage()).toBe('so');
  // the first language stays too
  expect(await missingOffline(page, swedish)).toEqual([]);
});
