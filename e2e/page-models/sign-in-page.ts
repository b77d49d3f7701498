import { expect, type Locator, type Page } from '@playwright/test';

/** /sign-in: the e-mail form, its form-level error and the signed-out notice. */
export class SignInPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly signInButton: Locator;
  readonly registerLink: Locator;
  readonly formError: Locator;
  readonly signedOutNotice: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.email = page.getByLabel('E-mail address', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
    this.registerLink = page.getByRole('banner').getByRole('link', { name: 'Register' });
    this.formError = page.getByRole('alert');
    this.signedOutNotice = page.getByRole('status').filter({ hasText: "You've been logged out" });
  }

  async open(): Promise<void> {
    await this.page.goto('/sign-in');
    await this.expectOpen();
  }

  async expectOpen(): Promise<void> {
    await expect(this.heading).toHaveText('Sign in');
    await this.email.waitFor();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.signInButton.click();
  }
}
