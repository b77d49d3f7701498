import type { Page } from '@playwright/test';
import { PaymentResultPage, PayPage } from './page-models/send-money-pages.ts';
import { customerAtHome } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { kenyanRecipient, startTransfer } from './support/send-money-flow.ts';
import { expect, test } from './support/test.ts';

test.use({ viewport: { width: 360, height: 780 } });

/** At the sandbox bank picker: approve at a bank, or cancel. */
async function atTheBank(page: Page, choice: { bank: string } | 'cancel', axe = false) {
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox bank link — pay from your bank' })).toBeVisible();
  if (axe) await expectNoAxeViolations(page, 'sandbox bank picker');
  if (choice === 'cancel') return page.getByRole('button', { name: 'Cancel payment' }).click();
  await page.getByLabel(choice.bank).check();
  await page.getByRole('button', { name: 'Approve payment' }).click();
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('top up by bank link: approved at the bank, then cancelled there (wallet top-up failed); a rate alert fired', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await customerAtHome(page, context.request);
  await page.goto('/top-up?currency=GBP');
  await page.getByLabel('Amount').fill('30');
  await page.getByRole('button', { name: 'Continue' }).click();
  const bankLink = page.getByRole('region', { name: 'Pay from your bank' });
  await expect(bankLink).toBeVisible();
  await expectNoAxeViolations(page, 'top-up with bank link');
  await noSidewaysScroll(page);
  await bankLink.getByRole('button', { name: 'Pay £30.00 by bank link' }).click();

  await atTheBank(page, { bank: 'Sandbox Approve Bank' }, true);
  await expect(page).toHaveURL(/\/trustly-callback\?.*routeName=wallet-top-up/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your wallet is topped up' })).toBeVisible();
  await expect(page.getByText('£30.00 has arrived in your wallet.')).toBeVisible();
  await expectNoAxeViolations(page, 'bank-link top-up result');

  await page.goto('/top-up?currency=GBP');
  await page.getByLabel('Amount').fill('12.50');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Pay £12.50 by bank link' }).click();
  await atTheBank(page, 'cancel');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet top-up failed' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Bank link cancelled.');
  await expectNoAxeViolations(page, 'bank-link top-up cancelled');
  await noSidewaysScroll(page);
  await page.getByRole('link', { name: 'See your wallets' }).click();
  // one wallet, holding the approved £30.00 and nothing of the cancelled £12.50
  const wallets = page.getByRole('region', { name: 'Your wallets' }).getByRole('listitem');
  await expect(wallets).toHaveCount(1);
  await expect(wallets.getByRole('link', { name: 'GBP transactions and statements' })).toBeVisible();
  await expect(wallets).toContainText('£30.00');

  // a rate alert: GBP→NOK is 13.25 in the sandbox feed (a pair no other spec converts); its rate control moves it to the target
  const alerts = page.getByRole('region', { name: 'Rate alerts' });
  await alerts.getByLabel('From').selectOption('GBP');
  await alerts.getByLabel('To').selectOption('NOK');
  await alerts.getByLabel('Tell me when 1 GBP buys').fill('13.5');
  await alerts.getByRole('button', { name: 'Set rate alert' }).click();
  await expect(alerts.getByRole('listitem')).toHaveText([/1 GBP = 13\.5 NOK\s*Waiting/]);
  await expectNoAxeViolations(page, 'wallets with a rate alert');
  await noSidewaysScroll(page);
  const moved = await page.request.post('/sandbox/fx-rates', {
    data: { from_currency: 'GBP', to_currency: 'NOK', rate: '13.6' },
  });
  expect(moved.status()).toBe(201);
  await expect(async () => {
    await page.reload();
    await expect(alerts.getByRole('listitem')).toHaveText([/Reached: 1 GBP bought 13\.6 NOK/], { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('banner').getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByText('Your rate alert for GBP to NOK was reached')).toBeVisible();
  // the feed as it was, for the other tests of this server
  await page.request.post('/sandbox/fx-rates', { data: { from_currency: 'GBP', to_currency: 'NOK', rate: '13.25' } });
});

test('pay a transfer by bank link: cancelled at the bank, then approved', async ({ page, context }) => {
  test.setTimeout(90_000);
  await customerAtHome(page, context.request);
  await startTransfer(page, kenyanRecipient('Banklink'));
  const pay = new PayPage(page);
  await expect(pay.heading).toBeVisible();
  const bankLink = page.getByRole('region', { name: 'Pay from your bank' });
  await expectNoAxeViolations(page, 'pay step with bank link');
  await noSidewaysScroll(page);
  await bankLink.getByRole('button', { name: /^Pay £\d+\.\d{2} by bank link$/ }).click();

  await atTheBank(page, 'cancel');
  await expect(page).toHaveURL(/\/trustly-callback\?.*routeName=send-money-pay/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your payment did not go through' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Bank link cancelled.');
  await expectNoAxeViolations(page, 'bank link cancelled');
  await page.getByRole('link', { name: 'Try another card' }).click();

  await expect(pay.heading).toBeVisible();
  await page
    .getByRole('region', { name: 'Pay from your bank' })
    .getByRole('button', { name: /by bank link$/ })
    .click();
  await atTheBank(page, { bank: 'Sandbox Approve Bank' });
  const result = new PaymentResultPage(page);
  await expect(result.heading).toBeVisible();
  await expectNoAxeViolations(page, 'paid by bank link');
});
