import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page, Route } from '@playwright/test';
import { benchPages, PAGE_NAMES } from '../scripts/bench/lighthouse-pages.ts';
import { translator } from './support/catalogs.ts';
import { expect, newCallerAddress, test } from './support/test.ts';

/**
 * Each language's catalog comes in two parts (scripts/catalog-parts-plugin.ts): the first screens' messages with the
 * page, the rest after its first paint, and any other screen waits for the rest. On a first visit a first screen's
 * page names its own messages instead of the first part. A message the page shows before its part has come would show
 * as its id: these tests watch every text and label of the page for an id it has not loaded.
 */

const FIRST_FILE = /\/assets\/lang~sv~messages-first-[\w-]+\.js$/;
const REST_FILE = /\/assets\/lang~sv~messages-rest-[\w-]+\.js$/;
/** A first screen's own messages in Swedish (`pageCatalogFile`). */
const screenFile = (screen: string) => new RegExp(`/assets/lang~sv~page\\.${screen}\\.[\\w-]+\\.js$`);

/** The ids of the messages in a built catalog file the app loads, the first `file` names. */
async function idsOf(file: RegExp): Promise<string[]> {
  const name = readdirSync('dist/assets').find((each) => file.test(`/assets/${each}`));
  if (!name) throw new Error(`no ${file} in dist/assets`);
  const { messages } = (await import(pathToFileURL(`dist/assets/${name}`).href)) as { messages: object };
  return Object.keys(messages);
}

const restIds = () => idsOf(REST_FILE);

/** Swedish is the language the server names the catalog of in the page (the app mirrors its choice in this cookie). */
const inSwedish = (session: string | undefined) => {
  localStorage.clear();
  localStorage.setItem('locale', 'sv');
  // biome-ignore lint/suspicious/noDocumentCookie: what the app itself writes (lib/locale-preference.ts)
  document.cookie = 'locale=sv; Path=/';
  localStorage.setItem('push-prompt', 'later');
  if (session) localStorage.setItem('access-token', session);
};

/** Records every id of `ids` that any text, label, title or value of the page ever shows (`idsShown`). */
async function watchForIds(context: BrowserContext, ids: string[]): Promise<void> {
  await context.addInitScript((watched: string[]) => {
    const rest = new Set(watched);
    const shown = new Set<string>();
    (window as unknown as { idsShown: Set<string> }).idsShown = shown;
    const read = (text: string | null | undefined) => {
      for (const token of text?.split(/[^\w+/]+/) ?? []) if (rest.has(token)) shown.add(token);
    };
    const readElement = (element: Element) => {
      read(element.textContent);
      for (const each of [element, ...element.querySelectorAll('*')]) {
        for (const attribute of ['aria-label', 'title', 'placeholder', 'alt', 'value']) {
          read(each.getAttribute(attribute));
        }
      }
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') read(record.target.textContent);
        else if (record.type === 'attributes' && record.target instanceof Element && record.attributeName) {
          read(record.target.getAttribute(record.attributeName));
        } else {
          for (const node of record.addedNodes) {
            if (node instanceof Element) readElement(node);
            else read(node.textContent);
          }
        }
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  }, ids);
}

/** A promise to hold a request on until `release()`. */
function holding(): { released: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release };
}

const idsShown = (page: Page) => page.evaluate(() => [...(window as unknown as { idsShown: Set<string> }).idsShown]);

test('every first screen shows whole in Swedish on a first visit with its own messages alone', async ({
  page,
  context,
  baseURL,
}) => {
  // eleven pages, one after another
  test.setTimeout(240_000);
  if (!baseURL) throw new Error('no baseURL');
  const allIds = [...(await idsOf(FIRST_FILE)), ...(await restIds())];
  await watchForIds(context, allIds);
  // both parts held while each page is read, then refused
  let restAsked = 0;
  const { released, release } = holding();
  for (const part of [FIRST_FILE, REST_FILE]) {
    await page.route(part, async (route) => {
      if (part === REST_FILE) restAsked += 1;
      await released;
      await route.abort().catch(() => undefined);
    });
  }
  const t = await translator('sv');
  const pages = await benchPages(baseURL, [...PAGE_NAMES], newCallerAddress());
  for (const { name, path, token } of pages) {
    await test.step(name, async () => {
      await page.goto('/healthz');
      await page.evaluate(inSwedish, token);
      const own = new Set(await idsOf(screenFile(name)));
      const asked = restAsked;
      const ownFetched = page.waitForResponse(screenFile(name));
      // not until `load`: the rest, held here, may be asked for before it, and a module's fetch holds `load` back
      await page.goto(path, { waitUntil: 'commit' });
      await ownFetched;
      await expect(page.getByRole('heading', { level: 1 }), `${name} has its heading`).toBeVisible();
      // what is loading says so, ending in an ellipsis; other statuses (the pay step's wallet note) stay
      await expect(page.getByRole('status').filter({ hasText: /…\s*$/ }), `${name} has loaded`).toHaveCount(0);
      // the cookie notice, every page's, is Swedish
      await expect(page.getByRole('button', { name: t('Necessary only'), exact: true })).toBeVisible();
      const shown = await idsShown(page);
      expect(
        shown.filter((id) => !own.has(id)),
        `${name} showed no message but its own`,
      ).toEqual([]);
      // and the rest was asked for once the page had painted (and refused here)
      await expect.poll(() => restAsked, `${name} asked for the rest`).toBeGreaterThan(asked);
      await page.evaluate(() => (window as unknown as { idsShown: Set<string> }).idsShown.clear());
    });
  }
  release();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test("another first screen opened from a first visit's page waits for the rest, then shows in Swedish", async ({
  page,
  context,
  baseURL,
}) => {
  if (!baseURL) throw new Error('no baseURL');
  const own = new Set(await idsOf(screenFile('home')));
  await watchForIds(context, [...(await idsOf(FIRST_FILE)), ...(await restIds())]);
  const { released, release } = holding();
  await page.route(FIRST_FILE, async (route: Route) => {
    await released;
    await route.continue();
  });
  const t = await translator('sv');
  const [home] = await benchPages(baseURL, ['home'], newCallerAddress());
  await page.goto('/healthz');
  await page.evaluate(inSwedish, home?.token);
  // the route's code may come as the page preloads its links' routes, or as the link is followed
  const screenCode = page.waitForResponse(/\/assets\/first-wallets-[\w-]+\.js$/);
  await page.goto('/home', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await idsShown(page)).filter((id) => !own.has(id))).toEqual([]);
  await page
    .getByRole('navigation', { name: t('Main') })
    .getByRole('link', { name: t('Wallets') })
    .click();
  await screenCode;
  // all the page could do without the first part is done: its next idle moment, which a page left on a link it followed
  // was seen never to reach in a minute (two workers), so at most 2 s on
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2_000 })));
  const heading = page.getByRole('heading', { level: 1, name: t('Wallets') });
  await expect(heading).toBeHidden();
  release();
  await expect(heading).toBeVisible();
  expect(await idsShown(page)).toEqual([]);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a screen that is not a first screen waits for the rest of the catalog, then shows in Swedish', async ({
  page,
  context,
  baseURL,
}) => {
  if (!baseURL) throw new Error('no baseURL');
  await watchForIds(context, await restIds());
  const { released, release } = holding();
  await page.route(REST_FILE, async (route: Route) => {
    await released;
    await route.continue();
  });
  const t = await translator('sv');
  const [home] = await benchPages(baseURL, ['home'], newCallerAddress());
  await page.goto('/healthz');
  await page.evaluate((session) => {
    localStorage.setItem('locale', 'sv');
    if (session) localStorage.setItem('access-token', session);
  }, home?.token);
  const screenCode = page.waitForResponse(/\/assets\/change-password-[\w-]+\.js$/);
  await page.goto('/change-password', { waitUntil: 'commit' });
  await screenCode;
  // all the page could do without the rest is done
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  const heading = page.getByRole('heading', { level: 1, name: t('Change your password') });
  await expect(heading).toBeHidden();
  release();
  await expect(heading).toBeVisible();
  await expect(page.getByLabel(t('New password'))).toBeVisible();
  expect(await idsShown(page)).toEqual([]);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a rest lost to a flaky network after the paint reloads nothing, and the next screen that needs it asks again', async ({
  page,
  context,
}) => {
  await watchForIds(context, await restIds());
  let asked = 0;
  await page.route(REST_FILE, async (route) => {
    asked += 1;
    if (asked === 1) await route.abort('internetdisconnected');
    else await route.continue();
  });
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1;
  });
  const t = await translator('sv');
  await page.goto('/healthz');
  await page.evaluate(() => localStorage.setItem('locale', 'sv'));
  // the app asks the server whether a release replaced the chunk it lost, and is told no
  const releaseAsked = page.waitForResponse(/\/version\.json$/);
  await page.goto('/sign-in', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await releaseAsked;
  expect(asked, 'the rest was asked for once, and lost').toBe(1);
  await page.getByRole('link', { name: t('Forgot your password?') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('Reset your password') })).toBeVisible();
  expect(asked, 'the screen asked for the rest again').toBe(2);
  expect(documents, 'no page was loaded again').toBe(2);
  expect(await idsShown(page)).toEqual([]);
});
