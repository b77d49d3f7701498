import type { Locator, Page } from '@playwright/test';
import { isLastKnownRequest } from '../src/domain/contract/last-known.ts';
import { HomePage } from './page-models/home-page.ts';
import { customerAtHome } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { kenyanRecipient, startTransfer } from './support/send-money-flow.ts';
import { waitForServiceWorkerControl } from './support/service-worker.ts';
import { expect, test } from './support/test.ts';

// this spec's screens need the service worker (offline copies, push, updates)
test.use({ serviceWorkers: 'allow' });

/** The one offline notice every last-known screen shows: "You're offline. Last updated 14:05; …" */
const offlineNotice = (within: Page | Locator) =>
  within.getByRole('status').filter({ hasText: /^You're offline\. Last updated .+;/ });

/** Each screen signed in once online, then opened again without a network; `name` is the recipient of an unpaid transfer. */
const screens = (name: string, transRef: string) => [
  { path: '/home', ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'Hello, Amina' }) },
  { path: '/transfers', ready: (page: Page) => page.getByRole('article', { name }) },
  {
    path: `/transfers/${transRef}`,
    ready: (page: Page) => page.getByRole('region', { name: 'Where your money is' }),
    // paying needs the server: off, and it says why
    actions: (page: Page) => [page.getByRole('link', { name: 'Pay now' })],
  },
  {
    path: '/recipients',
    ready: (page: Page) =>
      page.getByRole('list', { name: 'Your recipients' }).getByRole('listitem').filter({ hasText: name }),
    actions: (page: Page) => [page.getByRole('button', { name: `Edit ${name}` })],
  },
  {
    path: '/wallets',
    ready: (page: Page) => page.getByRole('region', { name: 'Conversion history' }).getByText('No conversions yet.'),
    // every card, the rate alerts' too (its list and the currencies its form offers)
    more: (page: Page) => [page.getByRole('region', { name: 'Rate alerts' }).getByText(/^You have no rate alerts\./)],
    actions: (page: Page) => [
      page.getByRole('link', { name: 'Top up GBP' }),
      page.getByRole('region', { name: 'Rate alerts' }).getByRole('button', { name: 'Set rate alert' }),
    ],
  },
  {
    path: '/wallets/GBP',
    ready: (page: Page) => page.getByRole('region', { name: 'Transactions' }).getByText(/^No money has moved/),
  },
  { path: '/profile', ready: (page: Page) => page.getByRole('region', { name: 'What we need from you' }) },
  {
    path: `/send-money/pay/${transRef}`,
    ready: (page: Page) => page.getByRole('region', { name: 'Your transfer' }).getByText(name),
    // every way to pay needs the server: offline none is offered, and the page says why
    gone: (page: Page) => [page.getByRole('button', { name: 'Show our bank details' })],
  },
  { path: '/send-money/quote', ready: (page: Page) => page.getByLabel('Send to') },
];

const NEEDS_NETWORK = "Changes, payments and uploads need a connection, so they are off until you're back online.";

test.describe('offline reading', () => {
  test.afterEach(async ({ context }) => {
    await context.setOffline(false);
  });

  test('signed in once, each screen opens offline with its last-known data and age, then refreshes by itself', async ({
    page,
    context,
  }) => {
    test.setTimeout(150_000);
    await customerAtHome(page, context.request);
    await waitForServiceWorkerControl(page);
    const recipient = kenyanRecipient('Offline');
    const name = `${recipient.firstName} ${recipient.lastName}`;
    await startTransfer(page, recipient);
    const transRef = /SR[0-9A-Z]{8}$/.exec(page.url())?.[0] ?? '';
    const SCREENS = screens(name, transRef);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(screen.ready(page)).toBeVisible();
      for (const part of [...(screen.more?.(page) ?? []), ...(screen.gone?.(page) ?? [])]) {
        await expect(part).toBeVisible();
      }
      await expect(offlineNotice(page)).toHaveCount(0);
      for (const action of screen.actions?.(page) ?? []) await expect(action).not.toHaveAttribute('aria-disabled');
    }
    // the bell is in the signed-in header (the send-money steps have their own)
    await page.goto('/transfers');
    const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications' });
    await bell.click();
    await expect(page.getByText(/You have no notifications yet/)).toBeVisible();

    await context.setOffline(true);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(screen.ready(page)).toBeVisible();
      for (const part of screen.more?.(page) ?? []) await expect(part).toBeVisible();
      // no part of the screen failed for want of the network
      await expect(page.getByText(/^We (couldn't|could not) load/)).toHaveCount(0);
      if (screen.gone) {
        for (const part of screen.gone(page)) await expect(part).toHaveCount(0);
        await expect(page.getByRole('status').filter({ hasText: NEEDS_NETWORK })).toBeVisible();
      }
      // each last-known part of the screen (home has two: the limit and the wallets) says its age
      await expect(offlineNotice(page).first()).toBeVisible();
      for (const notice of await offlineNotice(page).all()) {
        await expect(notice).toHaveText(
          /^You're offline\. Last updated \d{1,2}:\d{2}; this updates by itself when you're back online\.$/,
        );
      }
      for (const action of screen.actions?.(page) ?? []) {
        await expect(action).toBeVisible();
        await expect(action).toHaveAccessibleDescription(NEEDS_NETWORK);
        expect(
          await action.evaluate((el) => el.matches(':disabled, [aria-disabled="true"]')),
          `${screen.path}: the action is off`,
        ).toBe(true);
      }
      await expectNoAxeViolations(page, `${screen.path} offline`);
    }
    await page.goto('/transfers');
    await bell.click();
    const popover = page.locator('[popover]:popover-open');
    await expect(offlineNotice(popover)).toBeVisible();
    await expect(popover.getByText(/You have no notifications yet/)).toBeVisible();
    await expectNoAxeViolations(page, 'notifications offline');
    await page.keyboard.press('Escape');

    // back online: the screen asks again by itself and the notice goes
    await context.setOffline(false);
    await expect(offlineNotice(page)).toHaveCount(0);
    await expect(page.getByRole('article', { name })).toBeVisible();
  });

  test("a first visit's answers, loaded before the worker was ready, open offline too", async ({ page, context }) => {
    test.setTimeout(120_000);
    // what the page reads before any worker controls it: those answers pass no worker by
    let controlled = false;
    const beforeWorker = new Set<string>();
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (!controlled && isLastKnownRequest(request.method(), url.pathname)) beforeWorker.add(url.href);
    });
    await customerAtHome(page, context.request);
    // no reload: the worker, once installed, takes this page over
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    controlled = true;
    expect(beforeWorker.size, 'home read its data before the worker was there').toBeGreaterThan(0);
    const stored = () =>
      page.evaluate(async () => {
        if (!(await caches.has('sarraf-api'))) return [];
        return (await (await caches.open('sarraf-api')).keys()).map(({ url }) => {
          const key = new URL(url);
          key.searchParams.delete('sw-owner');
          key.searchParams.delete('sw-body');
          return key.href;
        });
      });
    await expect
      .poll(async () => {
        const held = new Set(await stored());
        return [...beforeWorker].filter((url) => !held.has(url));
      })
      .toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Amina' })).toBeVisible();
    await expect(offlineNotice(page).first()).toBeVisible();
    await expect(page.getByText(/has not been loaded on this device yet/)).toHaveCount(0);
  });

  test('a screen whose every action needs the server says so offline, then loads by itself once back online', async ({
    page,
    context,
  }) => {
    await customerAtHome(page, context.request);
    await waitForServiceWorkerControl(page);
    await page.goto('/top-up');
    const wallet = page.getByLabel('Wallet to top up');
    await expect(wallet).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Top up a wallet' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: NEEDS_NETWORK })).toBeVisible();
    await expect(page.getByText(/^We (couldn't|could not) load/)).toHaveCount(0);
    await expect(wallet).toHaveCount(0);
    await expectNoAxeViolations(page, '/top-up offline');

    await context.setOffline(false);
    await expect(wallet).toBeVisible();
    await expect(page.getByText(NEEDS_NETWORK)).toHaveCount(0);
  });

  test('a pay step the server answers too slowly for offers to ask again, and then the ways to pay', async ({
    page,
    context,
  }) => {
    await customerAtHome(page, context.request);
    await waitForServiceWorkerControl(page);
    await startTransfer(page, kenyanRecipient('Slow'));
    const transRef = /SR[0-9A-Z]{8}$/.exec(page.url())?.[0] ?? '';
    const waysToPay = page.getByRole('button', { name: 'Show our bank details' });
    await expect(waysToPay).toBeVisible();

    // the transfer's answer held back until the worker has given up on it and answered with its copy
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route(`**/api/main/remit/transaction/${transRef}`, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.reload();
    const needsNetwork = page.getByRole('status').filter({ hasText: NEEDS_NETWORK });
    await expect(needsNetwork).toBeVisible({ timeout: 15_000 });
    await expect(waysToPay).toHaveCount(0);
    await expectNoAxeViolations(page, 'pay step, the server too slow');

    // the browser never went offline, so nothing would ask again by itself: the customer does
    release();
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await needsNetwork.getByRole('button', { name: 'Try again' }).click();
    await expect(waysToPay).toBeVisible();
    await expect(needsNetwork).toHaveCount(0);
  });

  test('after sign-out, offline shows nothing of the previous customer', async ({ page, context }) => {
    test.setTimeout(120_000);
    await customerAtHome(page, context.request);
    await waitForServiceWorkerControl(page);
    await page.goto('/transfers');
    await expect(page.getByText('You have not sent any money yet.')).toBeVisible();
    await page.goto('/home');
    await new HomePage(page).signOut();
    await expect(page).not.toHaveURL(/\/home$/);

    const stored = await page.evaluate(async () => {
      const cache = (await caches.keys()).includes('sarraf-api') ? await caches.open('sarraf-api') : undefined;
      const databases = await indexedDB.databases();
      return { apiEntries: cache ? (await cache.keys()).length : 0, databases: databases.map((d) => d.name) };
    });
    expect(stored.apiEntries).toBe(0);
    // idb-keyval's store may exist, but holds nothing
    const idbKeys = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('keyval-store');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('keyval')) return resolve(0);
            const count = db.transaction('keyval').objectStore('keyval').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(idbKeys).toBe(0);

    await context.setOffline(true);
    for (const path of ['/home', '/transfers']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Amina')).toHaveCount(0);
      await expect(page.getByText('You have not sent any money yet.')).toHaveCount(0);
    }
  });
});
