import { AppShell } from './page-models/app-shell.ts';
import { GOOD_PASSWORD } from './page-models/registration-page.ts';
import { SignInPage } from './page-models/sign-in-page.ts';
import { signInNewCustomer } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { waitForServiceWorkerControl } from './support/service-worker.ts';
import { expect, newCallerAddress, test } from './support/test.ts';

// this spec's screens need the service worker (offline copies, push, updates)
test.use({ serviceWorkers: 'allow' });

test('sign-in follows the chosen language, heading and <html lang> alike; signed in, the profile keeps it for another device', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const shell = new AppShell(page);
  await shell.open('/sign-in');
  expect(await shell.documentLanguage()).toBe('en-GB');
  const english = (await shell.heading.textContent()) ?? '';
  expect(english).not.toBe('');
  await expectNoAxeViolations(page, 'sign-in (en-GB)');

  await shell.chooseLanguage('so');
  await expect(page.locator('html')).toHaveAttribute('lang', 'so');
  await expect(shell.heading).not.toHaveText(english);
  const somali = (await shell.heading.textContent()) ?? '';
  await expectNoAxeViolations(page, 'sign-in (so)');

  await shell.chooseLanguage('sv');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await expect(shell.heading).not.toHaveText(english);
  await expect(shell.heading).not.toHaveText(somali);
  await expectNoAxeViolations(page, 'sign-in (sv)');

  // signed in, a choice is saved on the customer's profile
  const { email } = await signInNewCustomer(page, request, { firstName: 'Hodan', country: 'GB' });
  await shell.open('/home');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/main/user/locale'));
  await shell.chooseLanguage('so');
  expect((await saved).status()).toBe(200);

  // a new device signs in in English, then opens in the profile's language
  const device = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': newCallerAddress() } });
  try {
    const fresh = await device.newPage();
    const signIn = new SignInPage(fresh);
    await signIn.open();
    await signIn.signIn(email, GOOD_PASSWORD);
    await expect(fresh.locator('html')).toHaveAttribute('lang', 'so');
    const freshShell = new AppShell(fresh);
    await expect(freshShell.languageSelect).toHaveValue('so');
    // (home is checked with axe in every language by languages.spec.ts)
  } finally {
    await device.close();
  }
});

test("the browser's locale data loads on a worker of its own as the app starts, which ends once it has", async ({
  page,
}) => {
  const warmUp = /\/assets\/intl-warm-up-worker-[\w-]+\.js$/;
  const ended = new Promise<string>((resolve) =>
    page.on('worker', (worker) => {
      if (warmUp.test(worker.url())) worker.on('close', () => resolve(worker.url()));
    }),
  );
  const shell = new AppShell(page);
  await shell.open('/sign-in');
  expect(await ended).toMatch(warmUp);
  // the sign-in screen's own formatting works as before (its heading and language list)
  await expect(shell.heading).not.toHaveText('');
});

test.describe('offline', () => {
  test.afterEach(async ({ context }) => {
    await context.setOffline(false);
  });

  test('the shell, its translations and deep links open without a network', async ({ page, context, baseURL }) => {
    const shell = new AppShell(page);
    await shell.open('/sign-in');
    await waitForServiceWorkerControl(page);
    const english = (await shell.heading.textContent()) ?? '';
    await shell.chooseLanguage('sv');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await expect(shell.heading).not.toHaveText(english);
    const swedish = (await shell.heading.textContent()) ?? '';

    await context.setOffline(true);
    await page.reload();
    await expect(shell.heading, 'the precached shell and Swedish catalog').toHaveText(swedish);
    expect(await shell.documentLanguage()).toBe('sv');
    await expectNoAxeViolations(page, 'sign-in offline');

    // Routes never visited online: their chunks come from the precache too.
    for (const path of ['/transfers', '/sign-up']) {
      const response = await page.goto(path);
      expect(response?.status(), `${path} answered by the service worker`).toBe(200);
      expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin);
      await expect(shell.heading, `${path} renders a screen offline`).toBeVisible();
      await expectNoAxeViolations(page, `${path} offline`);
    }
  });

  test('navigating to an API path offline is a network error, never the app shell', async ({ page, context }) => {
    const shell = new AppShell(page);
    await shell.open('/sign-in');
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    for (const path of ['/api/main/session', '/sandbox/outbox', '/version.json', '/healthz']) {
      await expect(page.goto(path), path).rejects.toThrow(/net::ERR_(FAILED|INTERNET_DISCONNECTED)/);
    }
  });
});
