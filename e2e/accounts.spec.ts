import { RecoveryPasswordPage } from './page-models/password-pages.ts';
import { GOOD_PASSWORD, RegistrationPage } from './page-models/registration-page.ts';
import { SignInPage } from './page-models/sign-in-page.ts';
import { finishRegistration, signInNewCustomer } from './support/api-customer.ts';
import { readCode } from './support/outbox.ts';
import { checkScreen, PHONE } from './support/screen-check.ts';
import { expect, test } from './support/test.ts';

/** The sandbox bank ID's documented numbers (README walk-through): any other number is identified. */
const FAILING_NUMBER = '200001010003';
/** A Swedish personal number no other test uses. */
const uniquePersonalNumber = () => `1986${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
/** A UK mobile number no other test uses, in E.164. */
const uniqueMobile = () => `+4474001${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;

test.use({ viewport: PHONE });

test('recovers a forgotten password with a code texted to the mobile number', async ({ page, request }) => {
  const mobile = uniqueMobile();
  const sent = await request.post('/api/oauth/otp/send', {
    data: { mobile, password: GOOD_PASSWORD, country: 'GB', accept_terms: true, accept_privacy: true },
  });
  expect(sent.status()).toBe(201);
  const { registration_token } = (await sent.json()).data;
  const { code: registrationCode, seen } = await readCode(request, mobile);
  await finishRegistration(request, registration_token, 'otp', registrationCode);

  await page.goto('/recovery-password');
  const recovery = new RecoveryPasswordPage(page);
  await expect(recovery.heading).toHaveText('Reset your password');
  await page.getByRole('radio', { name: 'Phone' }).check();
  await page.getByLabel('Mobile number', { exact: true }).fill('12');
  await recovery.sendCodeButton.click();
  await expect(page.getByLabel('Mobile number', { exact: true })).toHaveAccessibleDescription(
    /The mobile number is too short|Start the mobile number with its country code/,
  );
  await checkScreen(page, 'recovery by phone: bad number');
  await page.getByLabel('Mobile number', { exact: true }).fill(mobile);
  await recovery.sendCodeButton.click();
  await expect(recovery.heading).toHaveText('Enter the code');
  await expect(page.getByText(mobile)).toBeVisible();
  await checkScreen(page, 'recovery by phone: code');

  const { code } = await readCode(request, mobile, seen);
  await recovery.enterCode(code);
  await recovery.choosePassword('texted-new-8');
  const signIn = new SignInPage(page);
  await signIn.expectOpen();
  await signIn.choosePhone();
  await signIn.signInByPhone(mobile, 'texted-new-8');
  await expect(page).not.toHaveURL(/\/sign-in/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('registers with bank ID in Sweden, signs in with it, and is told when bank ID fails', async ({ page }) => {
  const personalNumber = uniquePersonalNumber();
  const registration = new RegistrationPage(page);
  await registration.openCountryOfResidence();
  await registration.chooseCountry('Sweden');
  await page.getByRole('button', { name: 'Register with bank ID' }).click();
  const number = page.getByLabel('Personal identity number', { exact: true });
  await number.fill('12345');
  await page.getByRole('button', { name: 'Continue with bank ID' }).click();
  await expect(number).toHaveAccessibleDescription(/^The personal identity number has 10 to 12 digits/);
  await checkScreen(page, 'registration by bank ID');
  await number.fill(personalNumber);
  await registration.terms.check();
  await registration.privacy.check();
  await page.getByRole('button', { name: 'Continue with bank ID' }).click();

  // the sandbox provider's page, then back to /nets-success: who the bank identified, confirmed, makes the account
  // with the name and date of birth the bank holds, and onboarding goes on from the step after them
  await expect(page.getByRole('heading', { name: 'Sandbox bank ID — identify yourself' })).toBeVisible();
  await page.getByRole('button', { name: 'Identify with bank ID' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Is this you?');
  await expect(page.getByRole('main')).toContainText('Sanna Svensson');
  await expect(page.getByRole('main')).toContainText(personalNumber.slice(-4));
  await checkScreen(page, 'bank ID: is this you?');
  await page.getByRole('button', { name: 'Yes, create my account' }).click();
  await expect(page).toHaveURL(/\/registration-nationality$/);

  // a new visit: sign in with the same bank ID
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const signIn = new SignInPage(page);
  await signIn.open();
  await page.getByRole('button', { name: 'Other options' }).click();
  await page.getByRole('button', { name: 'Sign in with bank ID' }).click();
  await expect(page.getByRole('radio', { name: 'Sweden' })).toBeChecked();
  await checkScreen(page, 'sign-in by bank ID');
  await number.fill(FAILING_NUMBER);
  await page.getByRole('button', { name: 'Continue with bank ID' }).click();
  await page.getByRole('button', { name: 'Identify with bank ID' }).click();
  await expect(page).toHaveURL(/\/nets-fail\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bank ID not confirmed');
  await checkScreen(page, 'bank ID failed');
  await page.getByRole('link', { name: 'Sign in another way' }).click();

  await signIn.expectOpen();
  await page.getByRole('button', { name: 'Other options' }).click();
  await page.getByRole('button', { name: 'Sign in with bank ID' }).click();
  await number.fill(personalNumber);
  await page.getByRole('button', { name: 'Continue with bank ID' }).click();
  await page.getByRole('button', { name: 'Identify with bank ID' }).click();
  // still onboarding: signed in, and sent back to the step left
  await expect(page).toHaveURL(/\/registration-nationality$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('moves an e-mail account to bank ID from the menu, then signs in with the personal number', async ({
  page,
  context,
}) => {
  const personalNumber = uniquePersonalNumber();
  await page.goto('/sign-in');
  await signInNewCustomer(page, context.request, { firstName: 'Linnea', country: 'SE' });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Sign in with bank ID' }).click();
  const modal = page.getByRole('dialog', { name: 'Sign in with bank ID' });
  const number = modal.getByLabel('Personal identity number', { exact: true });
  await expect(number).toHaveAttribute('placeholder', 'YYYYMMDDNNNN');
  await checkScreen(page, 'bank-ID migrate modal');
  await number.fill(personalNumber);
  await modal.getByRole('button', { name: 'Continue with bank ID' }).click();
  await page.getByRole('button', { name: 'Identify with bank ID' }).click();
  // back through /nets-success, the account now signs in with bank ID
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with bank ID' })).toHaveCount(0);

  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const signIn = new SignInPage(page);
  await signIn.open();
  await page.getByRole('button', { name: 'Other options' }).click();
  await page.getByRole('button', { name: 'Sign in with bank ID' }).click();
  await page.getByLabel('Personal identity number', { exact: true }).fill(personalNumber);
  await page.getByRole('button', { name: 'Continue with bank ID' }).click();
  await page.getByRole('button', { name: 'Identify with bank ID' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
