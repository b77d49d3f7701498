import { expect, type Locator, type Page } from '@playwright/test';

/** /sign-in: the e-mail form, its form-level error and the logged-out modal. */
export class SignInPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly mobile: Locator;
  readonly password: Locator;
  readonly signInButton: Locator;
  readonly registerLink: Locator;
  readonly formError: Locator;
  readonly signedOutNotice: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.email = page.getByLabel('E-mail address', { exact: true });
    this.mobile = page.getByLabel('Mobile number', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
    this.registerLink = page.getByRole('banner').getByRole('link', { name: 'Register' });
    this.formError = page.getByRole('alert');
    this.signedOutNotice = page.getByRole('alertdialog', { name: "You've been logged out" });
  }

  /** OK on the logged-out modal: the form behind it takes input again. */
  async dismissSignedOutNotice(): Promise<void> {
    await this.signedOutNotice.getByRole('button', { name: 'OK' }).click();
    await expect(this.signedOutNotice).toHaveCount(0);
  }

  async open(): Promise<void> {
    await this.page.goto('/sign-in');
    await this.expectOpen();
  }

  async expectOpen(): Promise<void> {
    await expect(this.heading).toHaveText('Sign in');
    await this.email.waitFor();
  }

  /** "Other options" → sign in with a mobile number. */
  async choosePhone(): Promise<void> {
    await this.page.getByRole('button', { name: 'Other options' }).click();
    await this.page.getByRole('button', { name: 'Sign in with your mobile number' }).click();
    await this.mobile.waitFor();
  }

  async signInByPhone(mobile: string, password: string): Promise<void> {
    await this.mobile.fill(mobile);
    await this.password.fill(password);
    await this.signInButton.click();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.signInButton.click();
  }
}
