import { expect, type Locator, type Page } from '@playwright/test';

/** /recovery-password: the e-mail, code and new-password steps. */
export class RecoveryPasswordPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly sendCodeButton: Locator;
  readonly code: Locator;
  readonly continueButton: Locator;
  readonly resendButton: Locator;
  readonly newPassword: Locator;
  readonly confirmation: Locator;
  readonly saveButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.email = page.getByLabel('E-mail address', { exact: true });
    this.sendCodeButton = page.getByRole('button', { name: 'Send code' });
    this.code = page.getByLabel('Verification code', { exact: true });
    this.continueButton = page.getByRole('button', { name: 'Continue' });
    this.resendButton = page.getByRole('button', { name: /^Resend code/ });
    this.newPassword = page.getByLabel('New password', { exact: true });
    this.confirmation = page.getByLabel('Confirm the new password', { exact: true });
    this.saveButton = page.getByRole('button', { name: 'Save the new password' });
  }

  async askCode(email: string): Promise<void> {
    await expect(this.heading).toHaveText('Reset your password');
    await this.email.fill(email);
    await this.sendCodeButton.click();
    await expect(this.heading).toHaveText('Enter the code');
  }

  async enterCode(code: string): Promise<void> {
    await this.code.fill(code);
    await this.continueButton.click();
  }

  async choosePassword(password: string, confirmation = password): Promise<void> {
    await expect(this.heading).toHaveText('Choose a new password');
    await this.newPassword.fill(password);
    await this.confirmation.fill(confirmation);
    await this.saveButton.click();
  }
}

/** /change-password: current, new and confirmation. */
export class ChangePasswordPage {
  readonly heading: Locator;
  readonly current: Locator;
  readonly newPassword: Locator;
  readonly confirmation: Locator;
  readonly changeButton: Locator;
  readonly done: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.current = page.getByLabel('Current password', { exact: true });
    this.newPassword = page.getByLabel('New password', { exact: true });
    this.confirmation = page.getByLabel('Confirm the new password', { exact: true });
    this.changeButton = page.getByRole('button', { name: 'Change password', exact: true });
    this.done = page.getByRole('status').filter({ hasText: 'Your password was changed.' });
  }

  async change(current: string, next: string): Promise<void> {
    await expect(this.heading).toHaveText('Change your password');
    await this.current.fill(current);
    await this.newPassword.fill(next);
    await this.confirmation.fill(next);
    await this.changeButton.click();
  }
}
