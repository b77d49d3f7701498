import type { Page } from '@playwright/test';
import {
  NewRecipientPage,
  PayPage,
  QuotePage,
  RecipientDetailsPage,
  RecipientPage,
  SelfInfoPage,
} from './page-models/send-money-pages.ts';
import { customerAtHome } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { kenyanRecipient } from './support/send-money-flow.ts';
import { waitForServiceWorkerControl } from './support/service-worker.ts';
import { expect, test } from './support/test.ts';

/**
 * A draft as stored on the device (idb-keyval's store): the send-money draft (`send-money-draft.ts`) or a recipient
 * form's (`recipient-form-draft.ts`).
 */
function storedDraft(page: Page, key = 'send-money-draft'): Promise<unknown> {
  return page.evaluate(
    (key) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve(undefined);
          const read = db.transaction('keyval').objectStore('keyval').get(key);
          read.onsuccess = () => resolve(read.result);
          read.onerror = () => reject(read.error);
        };
      }),
    key,
  );
}

// this spec's screens need the service worker (offline copies, push, updates)
test.use({ serviceWorkers: 'allow' });

test.describe('drafts', () => {
  test.afterEach(async ({ context }) => {
    await context.setOffline(false);
  });

  test('the send-money steps and the recipient form come back after a reload; a transfer started offline is sent once, when the customer asks', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await customerAtHome(page, context.request);
    await waitForServiceWorkerControl(page);

    const quote = new QuotePage(page);
    await quote.open();
    await quote.quoteSending('Kenya', 'Mobile money', '120');
    await page.reload();
    await expect(quote.youSend).toHaveValue('120');
    await expect(quote.destination).toHaveValue('Kenya');
    await expect(quote.quote).toContainText('Total to pay');
    await quote.continue.click();
    await new SelfInfoPage(page).continue.click();
    await new RecipientPage(page).addNew.click();

    const recipient = kenyanRecipient('Draft');
    const form = new NewRecipientPage(page);
    await expect(form.heading).toBeVisible();
    await page.getByLabel('First name').fill(recipient.firstName);
    await page.getByLabel('Last name').fill(recipient.lastName);
    await page.getByLabel('Mobile number', { exact: true }).fill(recipient.mobile);
    // the form keeps what is typed as it changes, in the background: a reload before the last write would lose it
    await expect
      .poll(() => storedDraft(page, 'recipient-form-draft:KE-mobile-KES'))
      .toMatchObject({ first_name: recipient.firstName, last_name: recipient.lastName, mobile: recipient.mobile });
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue(recipient.firstName);
    await expect(page.getByLabel('Last name')).toHaveValue(recipient.lastName);
    await expect(page.getByLabel('Mobile number', { exact: true })).toHaveValue(recipient.mobile);
    await expectNoAxeViolations(page, 'new recipient (restored)');
    await form.fill(recipient);
    await form.save.click();

    // the purpose is kept as chosen
    const review = new RecipientDetailsPage(page);
    await expect(review.heading).toBeVisible();
    await review.purpose.selectOption({ label: 'Education' });
    // the draft reaches IndexedDB a moment after the choice; a reload before that write commits aborts it
    await expect.poll(() => storedDraft(page)).toMatchObject({ purpose: 'education' });
    await page.reload();
    await expect(review.purpose).toHaveValue('education');

    // offline: the transfer is not made, and says so; nothing sends it later by itself
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/remit/transaction/create')) {
        creates.push(request.headers()['idempotency-key'] ?? '');
      }
    });
    await context.setOffline(true);
    await review.continue.click();
    await expect(page.getByText('We could not reach Sarraf. Check your connection and try again.')).toBeVisible();
    await expectNoAxeViolations(page, 'recipient details (offline)');
    await page.reload();
    await context.setOffline(false);
    await expect(review.heading).toBeVisible();
    await page.waitForTimeout(2_000);
    const sentBeforeAsking = creates.length;
    await review.continue.click();
    await expect(new PayPage(page).heading).toBeVisible();
    expect(creates.length).toBe(sentBeforeAsking + 1);
    // the key the offline attempt was given is the one sent: the same request is the same transfer
    expect(new Set(creates).size).toBe(1);

    await page.goto('/transfers');
    await expect(page.getByRole('article')).toHaveCount(1);
  });
});
