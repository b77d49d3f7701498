import { PaymentResultPage } from './page-models/send-money-pages.ts';
import { customerAtHome } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { kenyanRecipient, startTransfer } from './support/send-money-flow.ts';
import { waitForServiceWorkerControl } from './support/service-worker.ts';
import { expect, test } from './support/test.ts';
import { topUpByApi } from './support/wallet-funds.ts';

// the schedules are read offline from the worker's last-known copy
test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 780 } });

const DAY_MS = 24 * 60 * 60 * 1000;
const longDate = (date: Date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

test.afterEach(async ({ context }) => {
  await context.setOffline(false);
});

test('a paid transfer repeated every month on a phone: the schedule on Transfers, also offline, and its next transfer skipped', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await customerAtHome(page, context.request);
  await waitForServiceWorkerControl(page);
  await topUpByApi(page, '300.00');
  const recipient = kenyanRecipient('Monthly');
  const name = `${recipient.firstName} ${recipient.lastName}`;
  await startTransfer(page, recipient);
  const transRef = /SR[0-9A-Z]{8}$/.exec(page.url())?.[0] ?? '';
  await page
    .getByRole('region', { name: 'Pay from your wallet' })
    .getByRole('button', { name: /^Pay £\d+\.\d{2} from wallet$/ })
    .click();
  await expect(new PaymentResultPage(page).heading).toBeVisible();

  await page.goto(`/transfers/${transRef}`);
  await page.getByRole('link', { name: 'Repeat on a schedule' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Repeat this transfer' })).toBeVisible();
  await expect(page.getByText(/It is priced on its day, so the rate is not fixed now/)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Every month' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'My GBP wallet' })).toBeChecked();
  const first = new Date(Date.now() + DAY_MS);
  await expect(page.getByLabel('First transfer on')).toHaveValue(first.toISOString().slice(0, 10));
  await expect(
    page.getByText(/Then on day \d{1,2} of each month, or the month's last day when it is shorter\./),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'After a number of transfers' }).check();
  await page.getByRole('textbox', { name: 'Number of transfers' }).fill('0');
  await page.getByRole('button', { name: 'Set up schedule' }).click();
  await expect(page.getByText('Choose from 1 to 120 transfers')).toBeVisible();
  await page.getByRole('textbox', { name: 'Number of transfers' }).fill('6');
  await page.getByLabel(/Only send if 1 GBP buys at least/).fill('1');
  await expectNoAxeViolations(page, 'repeat a transfer');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: 'Set up schedule' }).click();

  await expect(page).toHaveURL(/\/transfers$/);
  const schedules = page.getByRole('region', { name: 'Scheduled transfers' });
  await expect(schedules).toContainText(`to ${name}`);
  await expect(schedules).toContainText('Every month');
  await expect(schedules).toContainText(`Next: ${longDate(first)}`);
  await expect(schedules).toContainText('Only if 1 GBP buys at least 1 KES');
  await expectNoAxeViolations(page, 'transfers with a schedule');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // offline: the schedule is still there with its next date; changing it waits for the network
  await context.setOffline(true);
  await page.reload();
  await expect(schedules).toContainText(`Next: ${longDate(first)}`);
  await expect(schedules.getByRole('status').filter({ hasText: /^You're offline\. Last updated/ })).toBeVisible();
  await expect(
    schedules.getByRole('button', { name: `Skip the transfer of ${longDate(first)} to ${name}` }),
  ).toBeDisabled();
  await expectNoAxeViolations(page, 'schedules offline');
  await context.setOffline(false);
  // back online: the customer opens Transfers again (the screens' refresh by themselves is offline-reading.spec's)
  await page.reload();
  await expect(
    schedules.getByRole('button', { name: `Skip the transfer of ${longDate(first)} to ${name}` }),
  ).toBeEnabled();
  await schedules.getByRole('button', { name: `Skip the transfer of ${longDate(first)} to ${name}` }).click();
  await expect(schedules).toContainText(`Last: ${longDate(first)}, Skipped by you`);
  const day = first.getUTCDate();
  const following = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1));
  const lastDay = new Date(Date.UTC(following.getUTCFullYear(), following.getUTCMonth() + 1, 0)).getUTCDate();
  following.setUTCDate(Math.min(day, lastDay));
  await expect(schedules).toContainText(`Next: ${longDate(following)}`);
});
