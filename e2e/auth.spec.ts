import type { Page } from '@playwright/test';
import { HomePage } from './page-models/home-page.ts';
import { completeOnboarding, FIRST_NAME } from './page-models/onboarding-pages.ts';
import { GOOD_PASSWORD, RegistrationPage } from './page-models/registration-page.ts';
import { SignInPage } from './page-models/sign-in-page.ts';
import { customerAtHome } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { readCode, uniqueEmail, wrongCode } from './support/outbox.ts';
import { expect, test } from './support/test.ts';

/** Wrong codes a registration takes before its code is burnt (contract/oauth.ts MAX_CODE_ATTEMPTS). */
const MAX_CODE_ATTEMPTS = 5;

/** From sign-in's Register button, through the country of residence, to the registration form. */
async function startRegistration(page: Page, axe = false): Promise<RegistrationPage> {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.registerLink.click();
  const registration = new RegistrationPage(page);
  await expect(registration.heading).toHaveText('Country of residence');
  if (axe) await expectNoAxeViolations(page, 'country of residence');
  await registration.chooseCountry('United Kingdom');
  if (axe) await expectNoAxeViolations(page, 'registration');
  return registration;
}

test('registers with e-mail and password, confirms the e-mailed code and lands on home signed in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('register');
  const registration = await startRegistration(page, true);

  // The domain rules answer before anything is sent.
  await registration.continueButton.click();
  await expect(registration.errorSummary).toBeFocused();
  await expect(registration.email).toHaveAccessibleDescription('Enter your e-mail address');
  await expect(registration.terms).toHaveAccessibleDescription(/Accept the terms and conditions to continue/);
  await registration.email.fill(email);
  await registration.password.fill('abcdef');
  await registration.continueButton.click();
  await expect(registration.password).toHaveAccessibleDescription(/^A number and letter, and at least 6 characters\./);
  await expectNoAxeViolations(page, 'registration with errors');
  await expect(page.getByRole('link', { name: /Read the terms and conditions/ })).toHaveAttribute(
    'href',
    '/legal/gb/terms-and-conditions',
  );

  await registration.fillForm(email, GOOD_PASSWORD);
  await registration.submitForCode();
  await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
  // Asking again too soon cannot be done: the button waits, counting down.
  await expect(registration.resendButton).toBeDisabled();
  await expect(registration.resendButton).toHaveText(/^Resend code in (1:00|0:[0-5]\d)$/);
  await expectNoAxeViolations(page, 'e-mail verification');

  const { code } = await readCode(request, email);
  await registration.enterCode(wrongCode(code));
  await expect(registration.code).toHaveAccessibleDescription(
    /^The verification code is incorrect\. \d tr(y|ies) left\.$/,
  );
  await expectNoAxeViolations(page, 'e-mail verification with a wrong code');

  await registration.enterCode(code);
  // a new customer goes through onboarding first (its own spec: onboarding.spec.ts)
  await completeOnboarding(page, 'GB');
  const home = new HomePage(page);
  await home.expectGreeting(FIRST_NAME);
  await expect(home.sendMoneyLink).toHaveAttribute('href', '/send-money/quote');
  await expect(home.yearlyLimit).toContainText('Spent this year£0.00');
  await expect(home.yearlyLimit).toContainText('Remaining£25,000.00');
  await home.openAccountMenu();
  await expect(page.getByRole('banner').getByText(email).filter({ visible: true })).toBeVisible();
  await expectNoAxeViolations(page, 'home');
});

test('too many wrong codes ask for a new code; a new code asked for too early is refused', async ({
  page,
  request,
}) => {
  // The page's clock is ours to move: a device clock running fast is how a customer gets past the countdown.
  await page.clock.install();
  const email = uniqueEmail('attempts');
  const registration = await startRegistration(page);
  await registration.fillForm(email, GOOD_PASSWORD);
  await registration.submitForCode();
  const { code } = await readCode(request, email);

  for (let attempt = 1; attempt < MAX_CODE_ATTEMPTS; attempt += 1) {
    await registration.enterCode(wrongCode(code, attempt));
    await expect(registration.code).toHaveAccessibleDescription(
      /^The verification code is incorrect\. \d tr(y|ies) left\.$/,
    );
  }
  await registration.enterCode(wrongCode(code, MAX_CODE_ATTEMPTS));
  await expect(registration.code).toHaveAccessibleDescription('Too many wrong codes. Ask for a new code.');
  // Even the right code no longer works.
  await registration.enterCode(code);
  await expect(registration.code).toHaveAccessibleDescription('Too many wrong codes. Ask for a new code.');
  await expectNoAxeViolations(page, 'e-mail verification after too many wrong codes');

  await expect(registration.resendButton).toHaveText(/^Resend code in (1:00|0:[0-5]\d)$/);
  await page.clock.fastForward('01:05');
  await expect(registration.resendButton).toHaveText('Resend code');
  await expect(page.getByRole('status').filter({ hasText: 'You can ask for a new code now.' })).toBeAttached();
  await registration.resendButton.click();
  await expect(page.getByRole('alert')).toHaveText(
    'We sent you a code less than a minute ago. Wait a moment, then ask for a new one.',
  );
  await expectNoAxeViolations(page, 'e-mail verification, new code asked for too early');
});

test('signs out and back in; a known e-mail is told to sign in; a wrong password is refused', async ({
  page,
  request,
}) => {
  const { email, password, firstName } = await customerAtHome(page, request);
  const home = new HomePage(page);
  await home.signOut();
  const signIn = new SignInPage(page);
  await expect(page).toHaveURL(/\/sign-in$/);
  await signIn.expectOpen();
  await expect(signIn.signedOutNotice).toHaveCount(0);

  // Registering again with the same address points to sign-in.
  await signIn.registerLink.click();
  const registration = new RegistrationPage(page);
  await registration.chooseCountry('United Kingdom');
  await registration.fillForm(email, GOOD_PASSWORD);
  await registration.continueButton.click();
  await expect(registration.email).toHaveAccessibleDescription('An account with this e-mail already exists.');
  await expectNoAxeViolations(page, 'registration of a known e-mail');
  await page.getByRole('link', { name: 'Sign in instead' }).click();
  await signIn.expectOpen();

  await signIn.signIn(email, `${password}x`);
  await expect(signIn.formError).toHaveText(
    "We can't find your account with those details. Check your e-mail and password and try again.",
  );
  await expectNoAxeViolations(page, 'sign-in with a wrong password');

  await signIn.signIn(email, password);
  await home.expectGreeting(firstName);
});

test('an ended session signs the customer out, says so, and sign-in returns them where they were', async ({
  page,
  request,
}) => {
  const { email, password, firstName } = await customerAtHome(page, request);
  const home = new HomePage(page);
  const signIn = new SignInPage(page);
  /** Ends the session the page holds, on the server, as an expiry would. */
  const endSessionOnServer = async () => {
    const token = await page.evaluate(() => localStorage.getItem('access-token'));
    expect(token).toBeTruthy();
    const response = await request.post('/api/main/user/logout', { headers: { 'x-auth-token': token ?? '' } });
    expect(response.ok()).toBe(true);
  };

  // Moving within the app: the next call is refused.
  await home.goTo('Transfers');
  await expect(page).toHaveURL(/\/transfers$/);
  // the screen's own calls (the list, the bell's) answered before the session ends: the next call is the click's
  await page.waitForLoadState('networkidle');
  await endSessionOnServer();
  await home.goTo('Home');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fhome$/);
  await expect(signIn.signedOutNotice).toBeVisible();
  await expect(signIn.signedOutNotice).toContainText('Your session has ended. Sign in again to continue.');
  await expectNoAxeViolations(page, 'sign-in after the session ended');
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
  await signIn.dismissSignedOutNotice();
  await signIn.signIn(email, password);
  await home.expectGreeting(firstName);

  // Opening a page directly: the signed-in layout's first call is refused.
  await endSessionOnServer();
  await page.goto('/transfers');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Ftransfers$/);
  await expect(signIn.signedOutNotice).toBeVisible();
  await signIn.dismissSignedOutNotice();
  await signIn.signIn(email, password);
  await expect(page).toHaveURL(/\/transfers$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Your account' })).toBeVisible();
});

test('after 60 minutes without activity the customer is signed out, told why, and can sign back in', async ({
  page,
  request,
}) => {
  const { email, password, firstName } = await customerAtHome(page, request);
  const home = new HomePage(page);
  const signIn = new SignInPage(page);
  await page.clock.install();
  await page.reload();
  await home.expectGreeting(firstName);

  // 59 minutes idle: still signed in; a key press starts the hour again.
  await page.clock.fastForward('59:00');
  await expect(page).toHaveURL(/\/home$/);
  await page.keyboard.press('Shift');
  await page.clock.fastForward('59:00');
  await expect(page).toHaveURL(/\/home$/);

  await page.clock.fastForward('02:00');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fhome$/);
  await expect(signIn.signedOutNotice).toContainText('You were inactive for 60 minutes');
  await expectNoAxeViolations(page, 'sign-in after inactivity');
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
  await signIn.dismissSignedOutNotice();
  await signIn.signIn(email, password);
  await home.expectGreeting(firstName);
});
