import { PaymentResultPage, PayPage } from './page-models/send-money-pages.ts';
import { customerAtHome } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { kenyanRecipient, startTransfer } from './support/send-money-flow.ts';
import { expect, test } from './support/test.ts';
import { topUpByApi } from './support/wallet-funds.ts';

test.use({ viewport: { width: 360, height: 780 } });

test('send money paid from the wallet on a phone: too little first, then enough', async ({ page, context }) => {
  test.setTimeout(90_000);
  await customerAtHome(page, context.request);
  await topUpByApi(page, '20.00');
  await startTransfer(page, kenyanRecipient('Wallet'));

  const pay = new PayPage(page);
  const wallet = page.getByRole('region', { name: 'Pay from your wallet' });
  await expect(wallet).toContainText('Your GBP wallet balance: £20.00');
  await expect(wallet.getByRole('status')).toContainText('Your GBP wallet does not hold enough for this transfer');
  await expect(wallet.getByRole('link', { name: 'top up your wallet' })).toBeVisible();

  await topUpByApi(page, '150.00');
  await page.reload();
  await expect(pay.heading).toBeVisible();
  await expect(wallet).toContainText('Your GBP wallet balance: £170.00');
  await expectNoAxeViolations(page, 'pay step with the wallet');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await wallet.getByRole('button', { name: /^Pay £\d+\.\d{2} from wallet$/ }).click();
  const result = new PaymentResultPage(page);
  await expect(result.heading).toBeVisible();
  await expectNoAxeViolations(page, 'paid from the wallet');
});
