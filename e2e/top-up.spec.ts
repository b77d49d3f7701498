import { customerAtHome } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { resizeTo } from './support/screen-check.ts';
import { expect, test } from './support/test.ts';

test('top up a wallet by card with 3-D Secure, saving the card, and see the new balance and its chart, at 360 px', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await customerAtHome(page, context.request);
  await resizeTo(page, { width: 360, height: 740 });

  await page.getByRole('region', { name: 'Your wallets' }).getByRole('link', { name: 'Top up GBP' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Top up a wallet' })).toBeVisible();
  await expect(page.getByLabel('Wallet to top up')).toHaveValue('GBP');
  await page.getByLabel('Amount').fill('0.50');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter an amount between £1.00 and £5,000.00')).toBeVisible();
  await page.getByLabel('Amount').fill('25');
  await expectNoAxeViolations(page, 'top-up amount');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('Name on card').fill('Amina Warsame');
  await page.getByLabel('Card number').fill('4000000000003220');
  await page.getByLabel('Expiry date').fill('1235');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Save this card for future top-ups').check();
  await expectNoAxeViolations(page, 'top-up card');
  await page.getByRole('button', { name: 'Top up £25.00' }).click();

  // the card's bank asks for 3-D Secure, then returns to the card-enrollment route, which polls the top-up
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page).toHaveURL(/\/checkout-card-enrollment\/.*routeName=wallet-top-up/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your wallet is topped up' })).toBeVisible();
  await expect(page.getByText('£25.00 has arrived in your wallet.')).toBeVisible();
  await expect(page.getByText('New GBP balance')).toBeVisible();
  await expectNoAxeViolations(page, 'top-up result');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByRole('link', { name: 'See your wallets' }).click();
  const wallets = page.getByRole('region', { name: 'Your wallets' }).getByRole('listitem');
  await expect(wallets).toHaveCount(1);
  await expect(wallets.getByRole('link', { name: 'GBP transactions and statements' })).toBeVisible();
  await expect(wallets).toContainText('£25.00');

  // the chart is loaded on demand and says the month's money in and out
  const chart = page.getByRole('region', { name: 'Money in and out' });
  await chart.getByRole('button', { name: 'Show money in and out' }).click();
  await expect(chart.getByRole('figure')).toBeVisible();
  const months = chart
    .getByRole('list', { name: /Money in and out of your GBP wallet per month/ })
    .getByRole('listitem');
  await expect(months).toHaveCount(12);
  await expect(months.last()).toHaveText(/: in £25\.00, out £0\.00$/);

  // the card was saved (never its number): delete it
  const cards = page.getByRole('region', { name: 'Your saved cards' });
  await expect(cards.getByRole('listitem')).toHaveText([/Visa •••• 3220\s*Expires 12\/35/]);
  await expectNoAxeViolations(page, 'wallets with chart and saved card');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await cards.getByRole('button', { name: 'Delete Visa •••• 3220' }).click();
  await expect(cards.getByText('You have no saved cards.', { exact: false })).toBeVisible();
});
