import { readFile } from 'node:fs/promises';
import { pdfText } from '../tests/support/pdf-text.ts';
import { CARDS, PaymentResultPage, PayPage, TransfersPage } from './page-models/send-money-pages.ts';
import { customerAtHome, signInNewCustomer } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { resizeTo } from './support/screen-check.ts';
import { kenyanRecipient, startTransfer } from './support/send-money-flow.ts';
import { expect, test } from './support/test.ts';

/** A card the sandbox approves, issued in the US (the sender's country). */
const US_CARD = { ...CARDS.approves, number: '4000 0840 0000 0006' };

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

test('a paid transfer opens from the list, its payout details are corrected, and its timeline follows it to paid out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await resizeTo(page, PHONE);
  await customerAtHome(page, request);
  const recipient = kenyanRecipient('Timeline');
  const name = `${recipient.firstName} ${recipient.lastName}`;
  await startTransfer(page, recipient);
  await new PayPage(page).payWith(CARDS.approves);
  await expect(new PaymentResultPage(page).heading).toBeVisible();

  // The sandbox payout partner pays out 5 + 5 seconds after payment (scripts/e2e.ts): correct the details before then.
  await page.goto('/transfers');
  const transfers = new TransfersPage(page);
  await transfers.transfer(name).getByRole('link', { name }).click();
  // the link went where it says, then the transfer loaded there (two failures, told apart)
  await expect(page).toHaveURL(/\/transfers\/SR[0-9A-Z]{8}$/);
  await expect(page.getByRole('heading', { level: 1, name: `Transfer to ${name}` })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Where your money is' });
  await expect(timeline).toContainText('Paid by you');
  await page.getByRole('button', { name: 'Change payout details' }).click();
  // the sandbox lookup does not know an account ending 0003 (README "Account lookup")
  await page.getByLabel('Mobile number', { exact: true }).fill('+254 733 110 003');
  // SPEC §9 confirm-mobile: a changed number is typed twice
  const again = page.getByLabel('Mobile number, typed again to confirm');
  await again.fill('+254 733 110 003');
  await page.getByLabel('Mobile network').selectOption({ label: 'Airtel Money' });
  await page.getByRole('button', { name: 'Save payout details' }).click();
  await expect(page.getByLabel('Mobile number', { exact: true })).toHaveAccessibleDescription(
    /^We could not find this account\. Check the number\./,
  );
  // ending in 9: an account the lookup knows, held in the recipient's name
  const subscriber = `${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}9`;
  await page.getByLabel('Mobile number', { exact: true }).fill(`+254 733 ${subscriber}`);
  await again.fill(`+254 733 ${subscriber}`);
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
  await resizeTo(page, DESKTOP);
  await expectNoAxeViolations(page, 'transfer, paid out (desktop)');

  await page.getByRole('link', { name: 'Receipt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sarraf receipt' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(name);
  // who sent it, and the company and its regulator of the sender's region
  await expect(page.getByRole('main')).toContainText(/Sent by\s*Amina Warsame/);
  await expect(page.getByRole('main')).toContainText('authorised by the Financial Conduct Authority');
  await expectNoAxeViolations(page, 'receipt (desktop)');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sarraf-receipt-SR[0-9A-Z]{8}\.pdf$/);
  const pdf = await pdfText(await readFile(await download.path()));
  expect(pdf[0]).toBe('Sarraf receipt');
  expect(pdf).toContain(`Name: ${name}`);
  expect(pdf).toContain('Status: Completed');
  expect(pdf).toContain('Sent by: Amina Warsame');

  await page.getByRole('link', { name: 'Back to the transfer' }).click();
  await page.getByRole('link', { name: 'All transfers' }).click();
  await page.getByLabel('Show').selectOption({ label: 'Cancelled or rejected' });
  await expect(page.getByText('No transfers match.')).toBeVisible();
  await page.getByLabel('Show').selectOption({ label: 'Completed' });
  await expect(transfers.transfer(name)).toContainText('Completed');
  await expectNoAxeViolations(page, 'transfers, filtered (desktop)');
  await resizeTo(page, PHONE);
  await expectNoAxeViolations(page, 'transfers, filtered (360 px)');
});

test('a US sender sees the disclosure before paying, pays with their home address as billing address and (once) the last 4 SSN digits, cancels inside the cancellation right with a full refund, and is refused after it', async ({
  page,
  request,
}) => {
  // the e2e server's cancellation right is 8 seconds (scripts/e2e.ts), shorter than the sandbox payout (5 + 5 s)
  test.setTimeout(45_000);
  // the browser's clock is stopped later, as on a phone put away with the page open past the right
  await page.clock.install();
  await resizeTo(page, PHONE);
  await page.goto('/sign-in');
  await signInNewCustomer(page, request, { firstName: 'Amina', country: 'US', usaState: 'TX' });
  const token = (await page.evaluate(() => localStorage.getItem('access-token'))) ?? '';
  const api = (method: 'GET' | 'POST', path: string, data?: unknown) =>
    request.fetch(`/api/main${path}`, {
      method,
      data,
      headers: { 'x-auth-token': token, 'Idempotency-Key': crypto.randomUUID() },
    });
  const recipient = await api('POST', '/api/v1/beneficiaries', {
    destination_country: 'KE',
    payout_type: 'mobile',
    destination_currency: 'KES',
    values: {
      first_name: 'Amina',
      last_name: 'Otieno',
      mobile: '0712 345 677',
      mobile_network_code: 'MPESA',
      relationship: 'sibling',
      purpose_of_transaction: 'family_support',
    },
    mobile_confirmation: '0712 345 677',
  });
  expect(recipient.status(), await recipient.text()).toBe(201);
  const newTransfer = async () => {
    const quote = await api('POST', '/remit/remittance/save-quote', {
      source_country_iso2: 'US',
      destination_country_iso2: 'KE',
      payout_type: 'mobile',
      amount: '100.00',
      amount_type: 'SOURCE',
    });
    expect(quote.status(), await quote.text()).toBe(201);
    const created = await api('POST', '/remit/transaction/create', {
      quote_id: (await quote.json()).data.quote_id,
      beneficiary_id: (await recipient.json()).data.id,
      purpose_of_transaction: 'family_support',
    });
    expect(created.status(), await created.text()).toBe(201);
    return (await created.json()).data as { trans_ref: string; total: string };
  };
  /**
   * Pays on the pay step shown (the card's billing address is the home address, filled in), the first time
   * confirming the last 4 SSN digits in the modal, then opens the transfer's page.
   */
  const payAndTrack = async ({ confirmSsn }: { confirmSsn: boolean }) => {
    const billing = page.getByRole('group', { name: 'Billing address' });
    await expect(billing.getByLabel('Street and house number')).toHaveValue('1500 Marilla Street');
    await expect(billing.getByLabel('City')).toHaveValue('Dallas');
    await expect(billing.getByLabel('State')).toHaveValue('TX');
    await expect(billing.getByLabel('ZIP code')).toHaveValue('75201');
    await new PayPage(page).payWith(US_CARD);
    if (confirmSsn) {
      const modal = page.getByRole('dialog', { name: 'Confirm your identity' });
      const digits = modal.getByLabel('Last 4 digits of your Social Security number');
      await expect(digits).toBeFocused();
      await expectNoAxeViolations(page, 'the SSN last-4 modal (360 px)');
      await digits.fill('6788');
      await modal.getByRole('button', { name: 'Continue' }).click();
      await expect(modal).toContainText('These are not the last 4 digits of the Social Security number you gave us');
      await expectNoAxeViolations(page, 'the SSN last-4 modal refusing the digits (360 px)');
      await digits.fill('6789');
      await modal.getByRole('button', { name: 'Continue' }).click();
    }
    const result = new PaymentResultPage(page);
    await expect(result.heading).toBeVisible();
    await result.track.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Transfer to Amina Otieno' })).toBeVisible();
  };
  const [first, second] = [await newTransfer(), await newTransfer()];

  await page.goto(`/send-money/pay/${first.trans_ref}`);
  const disclosure = page.getByRole('region', { name: 'Before you pay' });
  for (const text of [
    'Transfer amountUS$100.00',
    'Transfer fees',
    `Total you payUS$${first.total}`,
    'Exchange rate1 USD = ',
  ]) {
    await expect(disclosure).toContainText(text);
  }
  await expect(disclosure).toContainText(/Total to recipientKES\s[\d,]+\.\d{2}/);
  await expect(disclosure.getByRole('definition').filter({ has: page.locator('time') })).toBeVisible();
  await expect(disclosure).toContainText(
    'You can cancel within 1 minute of paying and get everything back, fee included',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, 'pay step with the US disclosure (360 px)');

  // inside the right: cancelled, and everything paid back to the wallet
  await payAndTrack({ confirmSsn: true });
  await page.getByRole('button', { name: 'Cancel this transfer' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this transfer?' });
  await dialog.getByLabel('To your Sarraf wallet, to send again').check();
  await dialog.getByRole('button', { name: 'Yes, cancel and refund' }).click();
  const timeline = page.getByRole('region', { name: 'Where your money is' });
  await expect(timeline).toContainText('Cancelled by you');
  await expect(timeline).toContainText('Everything you paid, fee included, went back to your Sarraf wallet.');
  expect((await (await api('GET', '/api/v1/wallets/balances')).json()).data).toMatchObject({ USD: first.total });

  // past the right: the page still offers to cancel (its clock stopped), the server refuses, the dialog says so
  await page.goto(`/send-money/pay/${second.trans_ref}`);
  // the SSN was confirmed with the first payment: not asked again
  await payAndTrack({ confirmSsn: false });
  await expect(page.getByRole('button', { name: 'Cancel this transfer' })).toBeVisible();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await expect
    .poll(
      async () => (await (await api('GET', `/remit/transaction/${second.trans_ref}`)).json()).data.cancellable_until,
      {
        timeout: 15_000,
      },
    )
    .toBeNull();
  await page.getByRole('button', { name: 'Cancel this transfer' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel and refund' }).click();
  await expect(dialog).toContainText('This transfer can no longer be cancelled');
  await expect(dialog.getByRole('button', { name: 'Yes, cancel and refund' })).toHaveCount(0);
});
