import type { Page } from '@playwright/test';
import {
  type NewRecipient,
  NewRecipientPage,
  PayPage,
  QuotePage,
  RecipientDetailsPage,
  RecipientPage,
  SelfInfoPage,
} from '../page-models/send-money-pages.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect } from './test.ts';

/**
 * A recipient with a mobile number of their own, so each test adds a new one; it ends in 7, never in one of the
 * sandbox account lookup's documented endings (0001 to 0006), so the account is found in the name given.
 */
export function kenyanRecipient(lastName: string): NewRecipient {
  const subscriber = `${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}7`;
  return {
    firstName: 'Amina',
    lastName,
    mobile: `+254 712 ${subscriber.slice(0, 3)} ${subscriber.slice(3)}`,
    network: 'Safaricom M-PESA',
    relationship: 'Parent',
    purpose: 'Family Support',
  };
}

/**
 * Steps 1 to 3: a quote for 100 of the sender's currency (`from`, GBP unless given) to Kenya paid out by `payout`
 * (mobile money unless given), the sender's details, a new recipient (typed by `fillRecipient` when the form is not
 * the mobile one; `afterSave` answers what the account lookup asks); ends on the pay step.
 */
export async function startTransfer(
  page: Page,
  recipient: NewRecipient,
  options: {
    axe?: boolean;
    afterSave?: () => Promise<void>;
    from?: string;
    payout?: string;
    fillRecipient?: (form: NewRecipientPage) => Promise<void>;
  } = {},
): Promise<void> {
  const axe = options.axe ?? false;
  const quote = new QuotePage(page);
  await quote.open();
  if (axe) await expectNoAxeViolations(page, 'quote (empty)');
  await quote.quoteSending('Kenya', options.payout ?? 'Mobile money', '100');
  await expect(quote.theyReceive).toHaveValue(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(quote.quote).toContainText(new RegExp(`1 ${options.from ?? 'GBP'} = [\\d.]+ KES`));
  await expect(quote.quote).toContainText('Total to pay');
  if (axe) await expectNoAxeViolations(page, 'quote (quoted)');
  await quote.continue.click();

  const you = new SelfInfoPage(page);
  await expect(you.heading).toBeVisible();
  if (axe) await expectNoAxeViolations(page, 'self-info');
  await you.continue.click();

  const them = new RecipientPage(page);
  await expect(them.heading).toBeVisible();
  if (axe) await expectNoAxeViolations(page, 'recipient');
  await them.addNew.click();

  const form = new NewRecipientPage(page);
  await expect(form.heading).toBeVisible();
  await (options.fillRecipient ? options.fillRecipient(form) : form.fill(recipient));
  if (axe) await expectNoAxeViolations(page, 'new recipient');
  await form.save.click();
  await options.afterSave?.();

  const review = new RecipientDetailsPage(page);
  await expect(review.heading).toBeVisible();
  await expect(review.purpose).toHaveValue('family_support');
  if (axe) await expectNoAxeViolations(page, 'recipient details');
  await review.continue.click();

  await expect(new PayPage(page).heading).toBeVisible();
  await expect(page).toHaveURL(/\/send-money\/pay\/SR[0-9A-Z]{8}$/);
}
