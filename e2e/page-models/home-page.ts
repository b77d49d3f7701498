import { expect, type Locator, type Page } from '@playwright/test';

/** /home and the signed-in header around it. */
export class HomePage {
  readonly greeting: Locator;
  readonly sendMoneyLink: Locator;
  readonly yearlyLimit: Locator;
  readonly accountButton: Locator;
  /** the burger menu's button, which carries the profile menu on narrow screens */
  readonly menuButton: Locator;
  readonly mainNavigation: Locator;

  constructor(readonly page: Page) {
    this.greeting = page.getByRole('heading', { level: 1 });
    this.sendMoneyLink = page.getByRole('main').getByRole('link', { name: 'Send money' });
    this.yearlyLimit = page.getByRole('region', { name: 'Your yearly limit' });
    this.accountButton = page.getByRole('banner').getByRole('button', { name: 'Your account' });
    this.menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
    this.mainNavigation = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  }

  async expectGreeting(name: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/home$/);
    await expect(this.greeting).toHaveText(`Hello, ${name}`);
  }

  /** Opens the profile menu; its items are then the only ones of their names on show. */
  async openAccountMenu(): Promise<void> {
    await this.menuButton.or(this.accountButton).filter({ visible: true }).click();
    await expect(this.page.getByRole('button', { name: 'Sign out' }).filter({ visible: true })).toBeVisible();
  }

  /** Signs out from the profile menu, or on a narrow screen from the burger menu that holds it. */
  async signOut(): Promise<void> {
    const burger = this.page.getByRole('banner').getByRole('button', { name: 'Menu' });
    if (await burger.isVisible()) {
      await burger.click();
      await this.page.getByRole('button', { name: 'Sign out' }).filter({ visible: true }).click();
      return;
    }
    await this.openAccountMenu();
    await this.page.getByRole('button', { name: 'Sign out' }).filter({ visible: true }).click();
  }

  async goTo(link: 'Home' | 'Transfers' | 'Recipients'): Promise<void> {
    await this.mainNavigation.getByRole('link', { name: link }).click();
  }
}
