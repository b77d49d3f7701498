import { expect, type Locator, type Page } from '@playwright/test';
import { chooseDestination } from './destination-picker.ts';

/**
 * The send-money screens (steps 1–4), the result, the sandbox bank's 3-D
 * Secure page and the transfers list, found by role and label only.
 */

export class QuotePage {
  readonly heading: Locator;
  readonly destination: Locator;
  readonly youSend: Locator;
  readonly theyReceive: Locator;
  readonly quote: Locator;
  readonly timer: Locator;
  readonly rateExpired: Locator;
  readonly getNewRate: Locator;
  readonly continue: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'How much to send' });
    this.destination = page.getByLabel('Send to');
    this.youSend = page.getByLabel('You send');
    this.theyReceive = page.getByLabel('They receive');
    this.quote = page.getByRole('region', { name: 'Your quote' });
    this.timer = this.quote.getByRole('timer');
    this.rateExpired = page.getByRole('alert').filter({ hasText: 'Rate expired' });
    this.getNewRate = page.getByRole('button', { name: 'Get new rate' });
    this.continue = page.getByRole('button', { name: 'Continue' });
  }

  async open(): Promise<void> {
    await this.page.goto('/send-money/quote');
    await expect(this.destination).toBeVisible();
  }

  payoutType(name: string): Locator {
    return this.page.getByRole('radio', { name });
  }

  /** Choose the destination (found by typing `typed`) and payout type, type what is sent, and wait for its quote. */
  async quoteSending(country: string, payoutType: string, amount: string, typed = country): Promise<void> {
    await chooseDestination(this.destination, typed, country);
    await this.payoutType(payoutType).check();
    await this.youSend.fill(amount);
    await expect(this.timer).toHaveText(/^\d\d:\d\d$/);
  }
}

export class SelfInfoPage {
  readonly heading: Locator;
  readonly continue: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Your details' });
    this.continue = page.getByRole('button', { name: 'Continue' });
  }
}

export class RecipientPage {
  readonly heading: Locator;
  readonly addNew: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Who are you sending to?' });
    this.addNew = page.getByRole('link', { name: 'Add a new recipient' });
  }

  saved(name: string): Locator {
    return this.page.getByRole('list', { name: 'Your recipients' }).getByRole('button', { name });
  }
}

export interface NewRecipient {
  firstName: string;
  lastName: string;
  mobile: string;
  network: string;
  relationship: string;
  purpose: string;
}

export class NewRecipientPage {
  readonly heading: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'New recipient' });
    this.save = page.getByRole('button', { name: 'Save and continue' });
  }

  async fill(recipient: NewRecipient): Promise<void> {
    await this.page.getByLabel('First name').fill(recipient.firstName);
    await this.page.getByLabel('Last name').fill(recipient.lastName);
    await this.page.getByLabel('Mobile number', { exact: true }).fill(recipient.mobile);
    // SPEC §9 confirm-mobile: the number typed a second time
    await this.page.getByLabel('Mobile number, typed again to confirm').fill(recipient.mobile);
    await this.page.getByLabel('Mobile network').selectOption({ label: recipient.network });
    await this.page.getByLabel('Relationship to you').selectOption({ label: recipient.relationship });
    await this.page.getByLabel('Purpose of transaction').selectOption({ label: recipient.purpose });
  }
}

export class RecipientDetailsPage {
  readonly heading: Locator;
  readonly purpose: Locator;
  readonly confirmReview: Locator;
  readonly continue: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Check your recipient' });
    this.purpose = page.getByLabel('Purpose of transaction');
    this.confirmReview = page.getByRole('checkbox', { name: /recipient's name matches their ID/ });
    this.continue = page.getByRole('button', { name: 'Continue to payment' });
  }
}

export interface TestCard {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

/** Sandbox cards (README): any future expiry and any security code. */
export const CARDS = {
  approves: { name: 'Amina Warsame', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  declinedByBank: { name: 'Amina Warsame', number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' },
  threeDSecure: { name: 'Amina Warsame', number: '4000 0000 0000 3220', expiry: '12/34', cvc: '123' },
  amex: { name: 'Amina Warsame', number: '3782 822463 10005', expiry: '12/34', cvc: '1234' },
} satisfies Record<string, TestCard>;

export class PayPage {
  readonly heading: Locator;
  readonly summary: Locator;
  readonly payNow: Locator;
  readonly declined: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Confirm and pay' });
    this.summary = page.getByRole('region', { name: 'Your transfer' });
    this.payNow = page.getByRole('button', { name: 'Pay now' });
    this.declined = page.getByRole('alert').filter({ hasText: 'Payment declined' });
  }

  async payWith(card: TestCard): Promise<void> {
    await this.page.getByLabel('Name on card').fill(card.name);
    await this.page.getByLabel('Card number').fill(card.number);
    await this.page.getByLabel('Expiry date').fill(card.expiry);
    await this.page.getByLabel('Security code').fill(card.cvc);
    await this.payNow.click();
  }
}

export class PaymentResultPage {
  readonly heading: Locator;
  readonly track: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Your money is on its way' });
    this.track = page.getByRole('link', { name: 'Track your transfer' });
  }
}

/** The card issuer's 3-D Secure page, as the sandbox gateway serves it. */
export class SandboxBankPage {
  readonly heading: Locator;
  readonly authenticate: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: /Sandbox bank/ });
    this.authenticate = page.getByRole('button', { name: 'Authenticate' });
  }
}

export class TransfersPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Transfers' });
  }

  /** One transfer of the list, named by its recipient. */
  transfer(recipient: string): Locator {
    return this.page.getByRole('article', { name: recipient });
  }
}
