import { readFile } from 'node:fs/promises';
import { registerNewUser } from './page-models/registration-page.ts';
import { CARDS, PaymentResultPage, PayPage, TransfersPage } from './page-models/send-money-pages.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { kenyanRecipient, startTransfer } from './support/send-money-flow.ts';
import { expect, test } from './support/test.ts';

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

test('a paid transfer opens from the list, its payout details are corrected, and its timeline follows it to paid out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await registerNewUser(page, request);
  const recipient = kenyanRecipient('Timeline');
  const name = `${recipient.firstName} ${recipient.lastName}`;
  await startTransfer(page, recipient);
  await new PayPage(page).payWith(CARDS.approves);
  await expect(new PaymentResultPage(page).heading).toBeVisible();

  // The sandbox payout partner pays out 5 + 5 seconds after payment (scripts/e2e.ts): correct the details before then.
  await page.goto('/transfers');
  const transfers = new TransfersPage(page);
  await transfers.transfer(name).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Transfer to ${name}` })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Where your money is' });
  await expect(timeline).toContainText('Paid by you');
  await page.getByRole('button', { name: 'Change payout details' }).click();
  const subscriber = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  await page.getByLabel('Mobile number').fill(`+254 733 ${subscriber}`);
  await page.getByLabel('Mobile network').selectOption({ label: 'Airtel Money' });
  await expectNoAxeViolations(page, 'change payout details (360 px)');
  await page.getByRole('button', { name: 'Save payout details' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Payout details updated' })).toBeVisible();
  await expect(timeline).toContainText('Payout details updated');
  await expect(page.getByRole('region', { name: 'Recipient' })).toContainText(
    `Airtel Money · •••• ${subscriber.slice(-4)}`,
  );
  await expectNoAxeViolations(page, 'transfer (360 px)');
  // the page asks again every 5 seconds while the transfer moves: the last step gets its time
  const last = timeline.getByRole('listitem').last();
  await expect(last).toContainText('Paid out to the recipient', { timeout: 30_000 });
  await expect(last.locator('time')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Change payout details' })).toHaveCount(0);
  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page, 'transfer, paid out (desktop)');

  await page.getByRole('link', { name: 'Receipt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sarraf receipt' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(name);
  await expectNoAxeViolations(page, 'receipt (desktop)');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sarraf-receipt-SR[0-9A-Z]{8}\.pdf$/);
  const pdf = (await readFile(await download.path())).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  expect(pdf).toContain('(Sarraf receipt) Tj');
  expect(pdf).toContain(`(Name: ${name}) Tj`);
  expect(pdf).toContain('(Status: Completed) Tj');

  await page.getByRole('link', { name: 'Back to the transfer' }).click();
  await page.getByRole('link', { name: 'All transfers' }).click();
  await page.getByLabel('Show').selectOption({ label: 'Cancelled or rejected' });
  await expect(page.getByText('No transfers match.')).toBeVisible();
  await page.getByLabel('Show').selectOption({ label: 'Completed' });
  await expect(transfers.transfer(name)).toContainText('Completed');
  await expectNoAxeViolations(page, 'transfers, filtered (desktop)');
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page, 'transfers, filtered (360 px)');
});
