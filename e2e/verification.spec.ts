import type { Page } from '@playwright/test';
import { jpeg, pdf, png } from '../tests/support/document-files.ts';
import { completeOnboarding } from './page-models/onboarding-pages.ts';
import { registerUpToOnboarding } from './page-models/registration-page.ts';
import { signInNewCustomer } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/test.ts';

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 800 };

/** axe on the screen as it is, on a 360 px phone and on a desktop, with no sideways scrolling on the phone. */
async function checkBothSizes(page: Page, screen: string): Promise<void> {
  await expectNoAxeViolations(page, `${screen} at 360 px`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page, `${screen} on a desktop`);
  await page.setViewportSize(PHONE);
}

test('verification: records cannot confirm a new customer, who uploads a passport and a selfie and is verified', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await page.clock.install();
  await page.setViewportSize(PHONE);
  await registerUpToOnboarding(page, context.request);
  // sandbox: surname Noidentity fails the database identity check; first name Review goes to a manual review
  await completeOnboarding(page, 'GB', { firstName: 'Review', surname: 'Noidentity' });

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Sarraf Profile');
  const details = page.getByRole('region', { name: 'Personal details' });
  await expect(details).toContainText('Review Noidentity');
  await expect(details).toContainText('Documents needed');
  const tasks = page.getByRole('region', { name: 'What we need from you' });
  await expect(tasks.getByRole('listitem')).toHaveCount(2);
  const identity = tasks.getByRole('listitem').filter({ hasText: 'Proof of identity' });
  await expect(identity).toContainText('To do');
  await expect(identity).toContainText('We could not confirm who you are from records alone.');

  await identity.getByRole('button', { name: 'Upload' }).click();
  await identity.getByLabel('Which document is it?').selectOption({ label: 'Passport' });
  await expect(identity.getByLabel('Back of the document')).toHaveCount(0);
  // a file named and declared as a photo that is not one: the server says so on its field
  await identity.getByLabel('Front of the document').setInputFiles({
    name: 'passport.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('<html>not a photo</html>'),
  });
  await identity.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(identity.getByText('Add a selfie')).toBeVisible();
  await identity.getByLabel('Selfie').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: png() });
  await identity.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(identity.getByText('Only a photo (JPEG or PNG) or a PDF can be uploaded')).toBeVisible();
  await checkBothSizes(page, 'profile, its identity upload showing an error');

  await identity.getByLabel('Front of the document').setInputFiles({
    name: 'passport.jpg',
    mimeType: 'image/jpeg',
    buffer: jpeg(),
  });
  await identity.getByRole('button', { name: 'Upload', exact: true }).click();

  await expect(page).toHaveURL(/\/verifying-in-progress$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We are checking your details');
  await expect(page.getByText('can take up to 24 hours')).toBeVisible();
  await checkBothSizes(page, 'verifying in progress');

  // the manual review decides after a second; the screen asks again every 5 s
  await page.clock.runFor(5_000);
  await expect(page).toHaveURL(/\/successfully-verified$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are verified');
  await checkBothSizes(page, 'verified');

  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Personal details' })).toContainText('Verified');
  await expect(tasks.getByRole('listitem').filter({ hasText: 'Proof of identity' })).toContainText('Done');
});

test('verification: the manual wizard takes an ID card with its back side, a proof of address and 10 funds files, the task list following', async ({
  page,
  context,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/sign-in');
  // sandbox: surname Nomatch is confirmed by records neither as who nor where: an ID and a proof of address are asked for
  const { token } = await signInNewCustomer(page, context.request, {
    firstName: 'Amina',
    surname: 'Nomatch',
    country: 'SE',
  });
  // and a compliance reviewer asks for proof of where the money comes from
  const me = await context.request.post('/api/main/user/get', { headers: { 'x-auth-token': token } });
  const customerId = (await me.json()).data.user.id as string;
  const asked = await context.request.post(`/sandbox/compliance/reviews/${customerId}/request-document`, {
    data: { reviewer: 'compliance.anna', note: 'large deposits', document: 'source_of_funds' },
  });
  expect(asked.status(), await asked.text()).toBe(200);

  await page.goto('/profile');
  const tasks = page.getByRole('region', { name: 'What we need from you' });
  const task = (title: string) => tasks.getByRole('listitem').filter({ hasText: title });
  const identity = task('Proof of identity');
  const address = task('Proof of address');
  const funds = task('Proof of source of funds');
  /** Each task's state, in the list's order: identity, address, funds. */
  const expectStates = async (...expected: string[]) => {
    for (const [at, item] of [identity, address, funds].entries()) await expect(item).toContainText(expected[at] ?? '');
  };
  const upload = async (item: typeof identity, label: string) => {
    await item.getByRole('button', { name: /^Upload/ }).click();
    await item.getByLabel('Which document is it?').selectOption({ label });
  };
  const sent = async () => {
    await expect(page).toHaveURL(/\/verifying-in-progress$/);
    await page.getByRole('link', { name: 'Go to your profile' }).click();
  };
  await expectStates('To do', 'To do', 'To do');

  // the three uploads open side by side: an ID card is not complete without its back side, 10 funds files at most
  await upload(identity, 'National ID card');
  await identity
    .getByLabel('Front of the document')
    .setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: jpeg() });
  await identity.getByLabel('Selfie').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: png() });
  await identity.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(identity.getByText('Add a photo of the back of the document')).toBeVisible();
  await upload(address, 'Utility bill');
  await expect(address.getByLabel('Back of the document')).toHaveCount(0);
  await upload(funds, 'Pay slip');
  const payslips = Array.from({ length: 11 }, (_, month) => ({
    name: `payslip-${month + 1}.pdf`,
    mimeType: 'application/pdf',
    buffer: pdf(`Pay slip, month ${month + 1}`),
  }));
  await funds.getByLabel('Files').setInputFiles(payslips);
  await funds.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(funds.getByText('Choose at most 10 files')).toBeVisible();
  await expectNoAxeViolations(page, 'profile, the ID card, address and funds uploads');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  await identity
    .getByLabel('Back of the document')
    .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: png() });
  await identity.getByRole('button', { name: 'Upload', exact: true }).click();
  await sent();
  await expectStates('Done', 'To do', 'To do');

  await upload(address, 'Utility bill');
  await address
    .getByLabel('Front of the document')
    .setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await address.getByRole('button', { name: 'Upload', exact: true }).click();
  await sent();
  await expectStates('Done', 'Done', 'To do');

  await upload(funds, 'Pay slip');
  await funds.getByLabel('Files').setInputFiles(payslips.slice(0, 10));
  await funds.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page).toHaveURL(/\/successfully-verified$/);
  await page.goto('/profile');
  await expectStates('Done', 'Done', 'Done');
  await expect(page.getByRole('region', { name: 'Personal details' })).toContainText('Verified');
});
