import { chooseDestination } from './page-models/destination-picker.ts';
import { NewRecipientPage, QuotePage } from './page-models/send-money-pages.ts';
import { customerAtHome } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { kenyanRecipient } from './support/send-money-flow.ts';
import { expect, test } from './support/test.ts';

test.describe('recipients', () => {
  test('adds a recipient outside a transfer, lists them, and sends to them from the list', async ({ page }) => {
    await customerAtHome(page, page.request);
    await page.goto('/recipients');
    await expect(page.getByText("You don't have recipients")).toBeVisible();
    await expectNoAxeViolations(page, 'recipients (none yet)');

    await page.getByRole('button', { name: 'Add recipient' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add recipient' })).toBeVisible();
    await chooseDestination(page.getByLabel('Their country'), 'Ken', 'Kenya');
    await expect(page.getByRole('radio', { name: 'Mobile money' })).toBeChecked();
    const recipient = kenyanRecipient('Listed');
    await new NewRecipientPage(page).fill(recipient);
    await expectNoAxeViolations(page, 'add recipient');
    await page.getByRole('button', { name: 'Save recipient' }).click();

    await expect(page).toHaveURL(/\/recipients$/);
    const name = `${recipient.firstName} ${recipient.lastName}`;
    const item = page.getByRole('list', { name: 'Your recipients' }).getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText('Kenya · Mobile money');
    await expectNoAxeViolations(page, 'recipients (one added)');

    await item.getByRole('button', { name: `Send to ${name}` }).click();
    const quote = new QuotePage(page);
    await expect(quote.heading).toBeVisible();
    await expect(quote.destination).toHaveValue('Kenya');
  });
});
