import { PayPage } from './page-models/send-money-pages.ts';
import { customerAtHome } from './support/api-customer.ts';
import { checkScreen, PHONE } from './support/screen-check.ts';
import { kenyanRecipient, startTransfer } from './support/send-money-flow.ts';
import { expect, test } from './support/test.ts';

test.use({ viewport: PHONE });

test('a euro sender pays by bank transfer with the QR code for their banking app, which runs out with the rate', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.clock.install();
  await customerAtHome(page, request, 'FR');
  await startTransfer(page, kenyanRecipient('Scanned'), { from: 'EUR' });
  const pay = new PayPage(page);
  const total = (await pay.summary.textContent())?.match(/Total to pay(€[\d,]+\.\d{2})/)?.[1];
  expect(total, 'the total to pay').toBeTruthy();

  const bank = page.getByRole('region', { name: 'Pay by bank transfer' });
  await bank.getByRole('button', { name: 'Show our bank details' }).click();
  await expect(bank).toContainText('DE89 3704 0044 0532 0130 00');
  const reference = /SR[0-9A-Z]{8}$/.exec(page.url())?.[0] ?? '';
  await bank.getByRole('button', { name: "Pay with your banking app's QR scanner" }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan to pay from your banking app' });
  const code = dialog.getByRole('img', {
    name: `QR code of this payment: ${total} to our account, reference ${reference}`,
  });
  await expect(code).toBeVisible();
  const box = await code.boundingBox();
  expect(box?.width, 'a code a phone camera can read from the screen').toBeGreaterThanOrEqual(200);
  await checkScreen(page, 'bank transfer QR code');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // the browser's clock past the rate: the code's amount no longer holds
  await page.clock.fastForward('10:01');
  await expect(page.getByRole('alert').filter({ hasText: 'Rate expired' })).toBeVisible();
  await bank.getByRole('button', { name: "Pay with your banking app's QR scanner" }).click();
  await expect(dialog.getByText(/^This QR code ran out with the rate\./)).toBeVisible();
  await expect(code).toHaveCount(0);
  await checkScreen(page, 'bank transfer QR code, rate expired');
});
