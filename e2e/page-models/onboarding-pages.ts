import { expect, type Locator, type Page } from '@playwright/test';

/** The first name every customer registered through `completeOnboarding` gets: the home page greets them by it. */
export const FIRST_NAME = 'Amina';

/** A full address typed by hand; US and Canadian ones also need their state or province. */
export interface TypedAddress {
  street: string;
  city: string;
  postcode: string;
  province?: string;
}

const TYPED_ADDRESSES: Record<string, TypedAddress> = {
  US: { street: '1500 Marilla Street', city: 'Dallas', postcode: '75201', province: 'Texas' },
  CA: { street: '290 Bremner Blvd', city: 'Toronto', postcode: 'M5V 3L9', province: 'Ontario' },
};
const DEFAULT_ADDRESS: TypedAddress = { street: '12 Station Road', city: 'Leeds', postcode: 'LS1 4DY' };

/** The onboarding step screens after the e-mail code (SPEC §2), found by their labels. */
export class OnboardingPages {
  readonly heading: Locator;
  readonly continueButton: Locator;
  readonly errorSummary: Locator;
  readonly firstName: Locator;
  readonly surname: Locator;
  readonly nationality: Locator;
  readonly dateOfBirth: Locator;
  readonly addressQuery: Locator;
  readonly searchButton: Locator;
  readonly enterManually: Locator;
  readonly street: Locator;
  readonly city: Locator;
  readonly postcode: Locator;
  readonly province: Locator;
  readonly occupation: Locator;
  readonly usaState: Locator;
  readonly ssn: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.continueButton = page.getByRole('button', { name: 'Continue' });
    this.errorSummary = page.getByRole('heading', { name: 'There is a problem' }).locator('..');
    this.firstName = page.getByLabel('First name', { exact: true });
    this.surname = page.getByLabel('Surname', { exact: true });
    this.nationality = page.getByLabel('Nationality', { exact: true });
    this.dateOfBirth = page.getByLabel('Date of birth', { exact: true });
    this.addressQuery = page.getByLabel('Postcode or street', { exact: true });
    this.searchButton = page.getByRole('button', { name: 'Search' });
    this.enterManually = page.getByRole('button', { name: 'Enter your address manually' });
    this.street = page.getByLabel('Street and house number', { exact: true });
    this.city = page.getByLabel('City', { exact: true });
    this.postcode = page.getByLabel('Postcode', { exact: true });
    this.province = page.getByLabel('Province or state', { exact: true });
    this.occupation = page.getByLabel('Occupation', { exact: true });
    this.usaState = page.getByLabel('State', { exact: true });
    this.ssn = page.getByLabel('Social Security number', { exact: true });
  }

  async expectStep(heading: string, path: string): Promise<void> {
    await expect(this.heading).toHaveText(heading);
    await expect(this.page).toHaveURL(new RegExp(`${path}$`));
  }

  async giveName(firstName = FIRST_NAME, surname = 'Warsame'): Promise<void> {
    await this.expectStep('Your name', '/registration-name');
    await this.firstName.fill(firstName);
    await this.surname.fill(surname);
    await this.continueButton.click();
  }

  async giveNationality(name = 'Somalia'): Promise<void> {
    await this.expectStep('Your nationality', '/registration-nationality');
    await this.nationality.selectOption({ label: name });
    await this.continueButton.click();
  }

  async giveDateOfBirth(date = '27/03/1990'): Promise<void> {
    await this.expectStep('Your date of birth', '/registration-date-of-birthday');
    await this.dateOfBirth.fill(date);
    await this.continueButton.click();
  }

  /** Searches the address book and picks the suggestion that contains `pick`, then confirms the filled form. */
  async searchAddress(query: string, pick: string): Promise<void> {
    await this.expectStep('Your home address', '/address-search');
    await this.addressQuery.fill(query);
    await this.searchButton.click();
    await this.page.getByRole('button', { name: new RegExp(pick) }).click();
    await this.expectStep('Enter your address', '/address');
  }

  async typeAddress(address: TypedAddress): Promise<void> {
    await this.expectStep('Your home address', '/address-search');
    await this.enterManually.click();
    await this.expectStep('Enter your address', '/address');
    await this.street.fill(address.street);
    await this.city.fill(address.city);
    await this.postcode.fill(address.postcode);
    if (address.province) await this.province.selectOption({ label: address.province });
    await this.continueButton.click();
  }

  /** An occupation from the list by its name, or any other in the customer's own words under "Other". */
  async giveOccupation(occupation = 'Healthcare worker'): Promise<void> {
    await this.expectStep('Your occupation', '/occupation');
    const offered = await this.occupation.locator('option').allTextContents();
    if (offered.includes(occupation)) await this.occupation.selectOption({ label: occupation });
    else {
      await this.occupation.selectOption({ label: 'Other' });
      await this.page.getByLabel('Your occupation, in your own words', { exact: true }).fill(occupation);
    }
    await this.continueButton.click();
  }

  async giveUsage(reason = 'Family support', purpose = 'Sending money to family and friends'): Promise<void> {
    await this.expectStep('Why will you use your account?', '/registration-reason-of-usage');
    await this.page.getByRole('radio', { name: reason }).check();
    await this.page.getByRole('radio', { name: purpose }).check();
    await this.continueButton.click();
  }

  async giveSsn(state = 'Texas', ssn = '123-45-6789'): Promise<void> {
    await this.expectStep('Social Security number', '/ssn');
    await this.usaState.selectOption({ label: state });
    await this.ssn.fill(ssn);
    await this.continueButton.click();
  }
}

/**
 * Walks every onboarding step with valid answers, the address typed by hand,
 * for a customer resident in `residence` (ISO alpha-2), and waits for home.
 * `name` picks a sandbox outcome (README "Sandbox documented values").
 */
export async function completeOnboarding(
  page: Page,
  residence: string,
  name: { firstName?: string; surname?: string } = {},
): Promise<void> {
  const steps = new OnboardingPages(page);
  await steps.giveName(name.firstName, name.surname);
  await steps.giveNationality();
  await steps.giveDateOfBirth();
  await steps.typeAddress(TYPED_ADDRESSES[residence] ?? DEFAULT_ADDRESS);
  await steps.giveOccupation();
  await steps.giveUsage();
  if (residence === 'US') await steps.giveSsn();
  await expect(page).toHaveURL(/\/home$/);
}
