import type { Locator, Page } from '@playwright/test';
import { completeOnboarding } from './page-models/onboarding-pages.ts';
import { registerUpToOnboarding } from './page-models/registration-page.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { resizeTo } from './support/screen-check.ts';
import { expect, test } from './support/test.ts';
import { WHOLE_BROWSER } from './support/whole-browser.ts';

const PHONE = { width: 360, height: 780 };

/**
 * The whole browser (`WHOLE_BROWSER`: its headless shell starts no fake camera) with Chromium's fake camera. Without
 * `--use-fake-ui-for-media-stream` (which would accept every prompt) the camera is there only where a test grants
 * the permission; elsewhere it is refused.
 */
test.use({
  launchOptions: {
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH || undefined,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--use-fake-device-for-media-stream'],
  },
});

/** A new customer whose identity the records cannot confirm (sandbox surname Noidentity), on their profile's task. */
async function identityTask(page: Page, request: Parameters<typeof registerUpToOnboarding>[1], firstName: string) {
  await resizeTo(page, PHONE);
  await registerUpToOnboarding(page, request);
  await completeOnboarding(page, 'GB', { firstName, surname: 'Noidentity' });
  await page.goto('/profile');
  const tasks = page.getByRole('region', { name: 'What we need from you' });
  const identity = tasks.getByRole('listitem').filter({ hasText: 'Proof of identity' });
  await expect(identity).toContainText('To do');
  return identity;
}

/** Through the provider's capture page with the fake camera: the passport, the selfie, sent. */
async function captureWithCamera(page: Page, identity: Locator) {
  await identity.getByLabel('Which document will you show?').selectOption({ label: 'Passport' });
  await expectNoAxeViolations(page, 'profile offering the camera check');
  await identity.getByRole('button', { name: 'Verify with your camera' }).click();

  await expect(page).toHaveURL(/\/sandbox\/identity\/cap_[^/]+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sandbox identity check — take your photos');
  const takeDocument = page.getByRole('button', { name: 'Take a photo of the passport' });
  await expect(takeDocument).toBeEnabled();
  await expectNoAxeViolations(page, 'the provider’s capture page');
  await takeDocument.click();
  await page.getByRole('button', { name: 'Take a selfie' }).click();
  await page.getByRole('button', { name: 'Send the photos' }).click();
}

const proofOfIdentity = (page: Page) => page.getByRole('listitem').filter({ hasText: 'Proof of identity' });

test('identity capture: the provider takes a document photo and a selfie with the camera, and the customer is verified', {
  tag: WHOLE_BROWSER,
}, async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['camera']);
  await captureWithCamera(page, await identityTask(page, context.request, 'Amina'));

  // the provider's signed callback passed the document: the wait screen goes on to verified
  await expect(page).toHaveURL(/\/successfully-verified$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are verified');
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Personal details' })).toContainText('Verified');
  await expect(proofOfIdentity(page)).toContainText('Done');
});

test('identity capture: the provider holds the photos for a manual review; the wait screen goes on to verified by itself', {
  tag: WHOLE_BROWSER,
}, async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['camera']);
  // sandbox: first name Review is decided by a person, after SANDBOX_DOCUMENT_REVIEW_SECONDS (3 in this run)
  await captureWithCamera(page, await identityTask(page, context.request, 'Review'));
  // the review decides 3 s after the photos arrive: on a slow run the wait screen's text may already have given
  // way (verification.spec.ts reads it and runs axe on it)
  // back with its capture's reference, which the wait screen asks our API about (`/user/ekyc/verify`)
  await expect(page).toHaveURL(/\/verifying-in-progress\?capture=cap_[\w-]+$/);
  // the wait screen asks again every 5 s by itself
  await expect(page).toHaveURL(/\/successfully-verified$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are verified');
});

test('identity capture: the provider refuses the document, and the profile says why and asks for it again', {
  tag: WHOLE_BROWSER,
}, async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['camera']);
  // sandbox: first name Reject has every document refused, with a reason
  await captureWithCamera(page, await identityTask(page, context.request, 'Reject'));
  await expect(page.getByText('We need a document from you before we can finish.')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page, 'the wait screen after a refusal');
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  const refused = proofOfIdentity(page);
  await expect(refused).toContainText('Not accepted');
  await expect(refused.getByRole('alert')).toContainText(/^Not accepted: .+/);
  await expect(refused.getByRole('button', { name: 'Verify with your camera' })).toBeVisible();
  await expect(refused.getByRole('button', { name: 'Upload photos instead' })).toBeVisible();
  await expectNoAxeViolations(page, 'profile with a refused document');
});

test('identity capture: the camera is refused, the provider says so and sends the customer to the upload', {
  tag: WHOLE_BROWSER,
}, async ({ page, context }) => {
  test.setTimeout(90_000);
  // no camera permission is granted, so getUserMedia is refused
  const identity = await identityTask(page, context.request, 'Amina');
  await identity.getByRole('button', { name: 'Verify with your camera' }).click();

  await expect(page.getByRole('heading', { name: 'Your camera cannot be used' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the photos' })).toBeHidden();
  await expectNoAxeViolations(page, 'the provider’s page without a camera');
  await page.getByRole('link', { name: 'Upload photos in Sarraf instead' }).click();

  await expect(page).toHaveURL(/\/profile\?capture=unavailable$/);
  const upload = page.getByRole('listitem').filter({ hasText: 'Proof of identity' });
  await expect(upload).toContainText('Your camera could not be used');
  await expect(upload.getByLabel('Which document is it?')).toBeVisible();
  await expectNoAxeViolations(page, 'profile with the upload after the camera was refused');
});

test('identity capture: a camera refused, then allowed in the browser, starts by itself within seconds', {
  tag: WHOLE_BROWSER,
}, async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const identity = await identityTask(page, context.request, 'Amina');
  await identity.getByRole('button', { name: 'Verify with your camera' }).click();
  await expect(page.getByRole('heading', { name: 'Your camera cannot be used' })).toBeVisible();

  // the customer allows the camera in the browser's settings: the page asks about it every second
  await context.grantPermissions(['camera'], { origin: baseURL ?? '' });
  await expect(page.getByRole('button', { name: 'Take a photo of the passport' })).toBeEnabled({ timeout: 5_000 });
  await expect(page.getByRole('heading', { name: 'Your camera cannot be used' })).toBeHidden();
});
