import { CARDS, PaymentResultPage, PayPage } from './page-models/send-money-pages.ts';
import { customerAtHome } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { checkScreen } from './support/screen-check.ts';
import { kenyanRecipient, startTransfer } from './support/send-money-flow.ts';
import { expect, test } from './support/test.ts';

test.use({ viewport: { width: 360, height: 780 } });

test('a close account name confirmed on the recipient form, then paid with a saved card, on a phone', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await customerAtHome(page, context.request);

  // a card the customer saved earlier (remit/card/add from a single-use token of the sandbox gateway)
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  const tokenized = await page.request.post('/sandbox/gateway/tokens', {
    data: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2035, cvc: '123', name: 'Amina Warsame' },
  });
  const saved = await page.request.post('/api/main/remit/card/add', {
    headers: { 'x-auth-token': token ?? '' },
    data: { single_use_token: (await tokenized.json()).data.token },
  });
  expect(saved.status()).toBe(201);

  // the sandbox lookup holds numbers ending in 0001 in the name Asha Mohamed Warsame
  const recipient = { ...kenyanRecipient('Warsame'), firstName: 'Asha', mobile: '+254 712 340 001' };
  await startTransfer(page, recipient, {
    afterSave: async () => {
      const dialog = page.getByRole('alertdialog', { name: 'Check the recipient’s name' });
      await expect(dialog).toContainText('This account is held in the name Asha Mohamed Warsame');
      await expect(dialog).toContainText('You entered Asha Warsame');
      await expectNoAxeViolations(page, 'account lookup: close match (360 px)');
      await dialog.getByRole('button', { name: 'Use the account’s name' }).click();
    },
  });

  const pay = new PayPage(page);
  await expect(pay.summary).toContainText('Asha Mohamed Warsame');
  const choice = page.getByRole('group', { name: 'Pay with' });
  await expect(choice.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expectNoAxeViolations(page, 'pay with a saved card (360 px)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // a new card instead shows the card form; back to the saved card, which pays without typing anything
  await choice.getByRole('radio', { name: 'A new card' }).check();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await choice.getByRole('radio', { name: /Visa •••• 4242/ }).check();
  await pay.payNow.click();
  await expect(new PaymentResultPage(page).heading).toBeVisible();
  await expectNoAxeViolations(page, 'paid with a saved card');
});

test("a card payout: a card held in another name is refused on its field, the recipient's own card is paid out to", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await customerAtHome(page, context.request);
  await startTransfer(page, kenyanRecipient('Otieno'), {
    payout: 'Card',
    fillRecipient: async (form) => {
      await page.getByLabel('First name').fill('Amina');
      await page.getByLabel('Last name').fill('Otieno');
      // the sandbox card payout gateway's bank holds 4000 0404 0000 0012 in the name Wanjiru Kamau (README)
      await page.getByLabel('Card number').fill('4000 0404 0000 0012');
      await page.getByLabel('Expiry date').fill('12/30');
      await page.getByLabel('Relationship to you').selectOption({ label: 'Parent' });
      await page.getByLabel('Purpose of transaction').selectOption({ label: 'Family Support' });
      await form.save.click();
      const number = page.getByLabel('Card number');
      await expect(number).toHaveAccessibleDescription(/The card must be in the recipient's name/);
      await checkScreen(page, 'card payout: card in another name');
      // a Kenyan Visa in her name
      await number.fill('4000 0404 0000 0004');
    },
    afterSave: async () => {
      const review = page.getByRole('main');
      await expect(review.getByRole('heading', { level: 1, name: 'Check your recipient' })).toBeVisible();
      await expect(review).toContainText('Visa •••• 0004');
      await expect(review).not.toContainText('pcd_');
    },
  });
  const pay = new PayPage(page);
  await expect(pay.summary).toContainText('Visa •••• 0004');
  await pay.payWith(CARDS.approves);
  await expect(new PaymentResultPage(page).heading).toBeVisible();
  await expectNoAxeViolations(page, 'card payout paid');
});
