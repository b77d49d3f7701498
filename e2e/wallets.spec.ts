import type { Page } from '@playwright/test';
import { customerAtHome } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { resizeTo } from './support/screen-check.ts';
import { waitForServiceWorkerControl } from './support/service-worker.ts';
import { expect, test } from './support/test.ts';
import { topUpByApi } from './support/wallet-funds.ts';

// this spec's screens need the service worker (offline copies, push, updates)
test.use({ serviceWorkers: 'allow' });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

test('wallets: open a currency wallet, convert with swap, insufficient balance and rate expiry, history offline', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.clock.install();
  await customerAtHome(page, context.request);

  // home: the base currency's wallet, Intl-formatted
  const wallets = page.getByRole('region', { name: 'Your wallets' });
  await expect(wallets.getByRole('listitem')).toHaveText([/GBP transactions and statements\s*£0\.00/]);
  await topUpByApi(page, '50.00');
  await page.reload();
  await expect(wallets.getByRole('listitem')).toHaveText([/GBP transactions and statements\s*£50\.00/]);
  await expectNoAxeViolations(page, 'home with wallets');

  // open a EUR wallet
  await wallets.getByRole('link', { name: 'All wallets and conversions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  await page.getByLabel('Open a wallet in').selectOption('EUR');
  await page.getByRole('button', { name: 'Open wallet' }).click();
  await expect(wallets.getByRole('listitem')).toHaveText([/GBP/, /EUR transactions and statements\s*€0\.00/]);
  await expectNoAxeViolations(page, 'wallets');

  // convert, on a 360 px phone: live rate, insufficient balance, swap
  await resizeTo(page, { width: 360, height: 740 });
  await expectNoSidewaysScroll(page);
  await wallets.getByRole('button', { name: 'Convert GBP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convert' });
  await expect(dialog.getByLabel('Wallet to send from')).toHaveValue('GBP');
  await expect(dialog.getByLabel('Wallet to receive to')).toHaveValue('EUR');
  await dialog.getByLabel('Amount to convert').fill('60');
  await expect(dialog.getByText('Insufficient balance. Available: 50.00 GBP')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await dialog.getByLabel('Amount to convert').fill('10');
  await expect(dialog.getByText('You receive €11.44')).toBeVisible();
  await expect(dialog.getByText('Rate: 1 GBP = 1.14425 EUR')).toBeVisible();
  await expectNoAxeViolations(page, 'convert dialog');
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Swap currencies' }).click();
  await expect(dialog.getByLabel('Wallet to send from')).toHaveValue('EUR');
  await expect(dialog.getByLabel('Amount to convert')).toHaveValue('11.44');
  await expect(dialog.getByText('Insufficient balance. Available: 0.00 EUR')).toBeVisible();
  await dialog.getByRole('button', { name: 'Swap currencies' }).click();
  await dialog.getByLabel('Amount to convert').fill('10');
  await expect(dialog.getByText('You receive €11.44')).toBeVisible();

  // the rate expires: a new one must be got before converting
  await page.clock.fastForward('01:05');
  await expect(dialog.getByText('This rate has expired.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.clock.fastForward('00:01');
  await dialog.getByRole('button', { name: 'Get new rate' }).click();
  await expect(dialog.getByText(/Rate holds for (00:[0-5]\d|01:00)/)).toBeVisible();

  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Conversion complete.')).toBeVisible();
  await expect(dialog.getByText('Your new EUR balance: €11.44')).toBeVisible();
  await expectNoAxeViolations(page, 'conversion success');
  await dialog.getByRole('link', { name: 'Go to home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Hello/);
  await resizeTo(page, { width: 1280, height: 800 });
  await expect(wallets.getByRole('listitem')).toHaveText([
    /GBP transactions and statements\s*£40\.00/,
    /EUR transactions and statements\s*€11\.44/,
  ]);

  // the history, after a reload offline, at 360 px
  await page.goto('/wallets');
  const history = page.getByRole('region', { name: 'Conversion history' });
  await expect(history.getByRole('listitem')).toHaveText([/£10\.00\s*→\s*€11\.44/]);
  await waitForServiceWorkerControl(page);
  await resizeTo(page, { width: 360, height: 740 });
  await context.setOffline(true);
  await page.reload();
  // the offline notice every last-known screen shows, with the age of the saved history
  await expect(
    history.getByRole('status').filter({ hasText: /^You're offline\. Last updated \d{1,2}:\d{2};/ }),
  ).toBeVisible();
  await expect(history.getByRole('listitem')).toHaveText([/£10\.00\s*→\s*€11\.44/]);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'wallets offline at 360 px');
  await context.setOffline(false);
});
