import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { readCode, uniqueEmail } from '../support/outbox.ts';
import { completeOnboarding, FIRST_NAME } from './onboarding-pages.ts';

/** A password that meets SPEC §5: a number and a letter, at least 6 characters. */
export const GOOD_PASSWORD = 'salaam2024';

/** The registration by e-mail or phone: country of residence, the registration form and the code screen. */
export class RegistrationPage {
  readonly heading: Locator;
  readonly continueButton: Locator;
  readonly email: Locator;
  readonly phoneChoice: Locator;
  readonly mobile: Locator;
  readonly password: Locator;
  readonly terms: Locator;
  readonly privacy: Locator;
  readonly errorSummary: Locator;
  readonly code: Locator;
  readonly verifyButton: Locator;
  readonly resendButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.continueButton = page.getByRole('button', { name: 'Continue' });
    this.email = page.getByLabel('E-mail address', { exact: true });
    this.phoneChoice = page.getByRole('radio', { name: 'Phone' });
    this.mobile = page.getByLabel('Mobile number', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.terms = page.getByRole('checkbox', { name: 'I accept the terms and conditions' });
    this.privacy = page.getByRole('checkbox', { name: 'I accept the privacy policy' });
    this.errorSummary = page.getByRole('heading', { name: 'There is a problem' }).locator('..');
    this.code = page.getByLabel('Verification code', { exact: true });
    this.verifyButton = page.getByRole('button', { name: 'Verify' });
    this.resendButton = page.getByRole('button', { name: /^Resend code/ });
  }

  async openCountryOfResidence(): Promise<void> {
    await this.page.goto('/country-of-residence');
    await expect(this.heading).toHaveText('Country of residence');
  }

  async chooseCountry(name: string): Promise<void> {
    await this.page.getByRole('radio', { name }).check();
    await this.continueButton.click();
    await expect(this.heading).toHaveText('Create your account');
    await this.email.waitFor();
  }

  async fillForm(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.terms.check();
    await this.privacy.check();
  }

  /** Registers with a mobile number instead: the number, the password and both consents. */
  async fillPhoneForm(mobile: string, password: string): Promise<void> {
    await this.phoneChoice.check();
    await this.mobile.fill(mobile);
    await this.password.fill(password);
    await this.terms.check();
    await this.privacy.check();
  }

  /** Sends the filled form and waits for the code screen of its destination. */
  async submitForCode(heading: 'Verify your e-mail' | 'Verify your phone' = 'Verify your e-mail'): Promise<void> {
    await this.continueButton.click();
    await expect(this.heading).toHaveText(heading);
  }

  async enterCode(code: string): Promise<void> {
    await this.code.fill(code);
    await this.verifyButton.click();
  }
}

/** A country of residence: its radio button's name, and its ISO alpha-2 code (which onboarding steps it has). */
export interface Residence {
  name: string;
  code: string;
}

/**
 * Registers a new customer through the UI up to the e-mailed code (read from
 * the sandbox outbox) and leaves them signed in on the first onboarding step.
 */
export async function registerUpToOnboarding(
  page: Page,
  request: APIRequestContext,
  country: Residence = { name: 'United Kingdom', code: 'GB' },
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('user');
  const password = GOOD_PASSWORD;
  const registration = new RegistrationPage(page);
  await registration.openCountryOfResidence();
  await registration.chooseCountry(country.name);
  await registration.fillForm(email, password);
  await registration.submitForCode();
  const { code } = await readCode(request, email);
  await registration.enterCode(code);
  await expect(page).toHaveURL(/\/registration-name$/);
  return { email, password };
}

/**
 * Registers a new customer through the UI (country, form, the e-mailed code,
 * every onboarding step) and leaves them signed in on /home, greeted by
 * `firstName`.
 */
export async function registerNewUser(
  page: Page,
  request: APIRequestContext,
  country: Residence = { name: 'United Kingdom', code: 'GB' },
): Promise<{ email: string; password: string; firstName: string }> {
  const { email, password } = await registerUpToOnboarding(page, request, country);
  await completeOnboarding(page, country.code);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${FIRST_NAME}`);
  return { email, password, firstName: FIRST_NAME };
}
