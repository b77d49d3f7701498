import type { BrowserContext } from '@playwright/test';
import { registerNewUser } from './page-models/registration-page.ts';
import {
  CARDS,
  PaymentResultPage,
  PayPage,
  QuotePage,
  SandboxBankPage,
  SelfInfoPage,
  TransfersPage,
} from './page-models/send-money-pages.ts';
import { customerAtHome } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { kenyanRecipient, startTransfer } from './support/send-money-flow.ts';
import { test as base, expect, newCallerAddress } from './support/test.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The full walk registers its own user through the UI; the further cases
 * share one user per worker, registered the same way once, and start signed in.
 */
const test = base.extend<object, { account: StorageState }>({
  account: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, locale } = workerInfo.project.use;
      const context = await browser.newContext({
        baseURL,
        locale,
        extraHTTPHeaders: { 'x-forwarded-for': newCallerAddress() },
      });
      await customerAtHome(await context.newPage(), context.request);
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: 'worker' },
  ],
});

/** For the cases that start signed in as the worker's user. */
const SIGNED_IN = {
  storageState: async ({ account }: { account: StorageState }, use: (state: StorageState) => Promise<void>) =>
    use(account),
};

/** The transfers list asks again this often while a transfer is moving (features/transfers/use-transfers.ts). */
const TRANSFERS_REFRESH_MS = 5_000;

test('sends money from quote to a completed transfer: steps 1–6 in one walk', async ({ page, request }) => {
  test.setTimeout(120_000);
  // the browser clock runs as usual; on /transfers the test moves it on to trigger the list's refresh
  await page.clock.install();
  await registerNewUser(page, request);
  const recipient = kenyanRecipient('Otieno');
  const name = `${recipient.firstName} ${recipient.lastName}`;
  await startTransfer(page, recipient, { axe: true });

  const pay = new PayPage(page);
  await expect(pay.summary).toContainText(name);
  await expect(pay.summary).toContainText('£101.99');
  await expectNoAxeViolations(page, 'pay');
  await pay.payWith(CARDS.approves);

  const result = new PaymentResultPage(page);
  await expect(result.heading).toBeVisible();
  await expect(page.getByText(/Reference/)).toBeVisible();
  await expectNoAxeViolations(page, 'payment result');
  await result.track.click();
  // "Track your transfer" opens the new transfer's own page; its list is one link away
  await expect(page.getByRole('heading', { level: 1, name: `Transfer to ${name}` })).toBeVisible();
  await page.getByRole('link', { name: 'All transfers' }).click();

  const transfers = new TransfersPage(page);
  await expect(transfers.heading).toBeVisible();
  const transfer = transfers.transfer(name);
  await expect(transfer).toContainText('Processing');
  await expectNoAxeViolations(page, 'transfers');
  // The sandbox payout partner moves it every 5 seconds (PAYOUT_STEP_SECONDS=5 in scripts/e2e.ts); each label shows as it changes.
  for (const label of ['Sent for pay', 'Completed']) {
    await expect
      .poll(
        async () => {
          await page.clock.runFor(TRANSFERS_REFRESH_MS);
          return transfer.textContent();
        },
        { timeout: 20_000, intervals: [300] },
      )
      .toContain(label);
  }
  await expectNoAxeViolations(page, 'transfers (completed)');
});

test.describe('card payment outcomes', () => {
  test.use(SIGNED_IN);

  test('a card the bank declines says so, and another card pays', async ({ page }) => {
    await startTransfer(page, kenyanRecipient('Declined'));
    const pay = new PayPage(page);
    await pay.payWith(CARDS.declinedByBank);
    await expect(pay.declined).toContainText(
      'Your payment was declined by your bank. Contact your bank or card issuer',
    );
    await expect(page.getByLabel('Card number')).toHaveValue('');
    await expectNoAxeViolations(page, 'pay (declined)');

    await pay.payWith(CARDS.approves);
    await expect(new PaymentResultPage(page).heading).toBeVisible();
  });

  test('a card type we do not take is refused on the form, before it goes anywhere', async ({ page }) => {
    await startTransfer(page, kenyanRecipient('Amex'));
    const tokenized: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/sandbox/gateway/tokens')) tokenized.push(r.url());
    });
    const pay = new PayPage(page);
    await pay.payWith(CARDS.amex);
    await expect(page.getByLabel('Card number')).toHaveAccessibleDescription(
      'We do not accept this card type. Use a Visa or Mastercard.',
    );
    await expect(page.getByRole('region', { name: 'There is a problem' })).toBeFocused();
    expect(tokenized).toEqual([]);
    await expectNoAxeViolations(page, 'pay (card type refused)');
  });

  test('a 3-D Secure card goes to its bank, comes back and is confirmed', async ({ page }) => {
    await startTransfer(page, kenyanRecipient('Secure'));
    await new PayPage(page).payWith(CARDS.threeDSecure);

    const bank = new SandboxBankPage(page);
    await expect(bank.heading).toBeVisible();
    await expectNoAxeViolations(page, 'sandbox bank 3-D Secure');
    await bank.authenticate.click();

    await expect(page).toHaveURL(/\/checkout-card-enrollment\/return\?.*status=success/);
    await expect(page).toHaveURL(/transactionReference=SR[0-9A-Z]{8}/);
    await expect(new PaymentResultPage(page).heading).toBeVisible();
    await expectNoAxeViolations(page, 'card enrollment result');
  });
});

test.describe('quote expiry', () => {
  test.use(SIGNED_IN);

  test('an expired quote says so and gets a new rate', async ({ page }) => {
    // Only the browser's clock jumps: the server's is real, so its quote is still live and the new one
    // is a real quote. That the server refuses an expired quote is covered by its API tests (QuoteExpired).
    await page.clock.install();
    const quote = new QuotePage(page);
    await quote.open();
    await quote.quoteSending('Somalia', 'Cash collection', '50');
    await expect(quote.timer).toHaveText(/^(10:00|09:\d\d)$/);

    await page.clock.fastForward('10:01');
    await expect(quote.rateExpired).toBeVisible();
    await expect(quote.timer).toBeHidden();
    await expectNoAxeViolations(page, 'quote (rate expired)');

    await quote.continue.click();
    await expect(quote.getNewRate).toBeFocused();
    await quote.getNewRate.click();
    await expect(quote.timer).toHaveText(/^(10:00|09:\d\d)$/);
    await expect(quote.rateExpired).toBeHidden();
    await quote.continue.click();
    await expect(new SelfInfoPage(page).heading).toBeVisible();
  });
});
