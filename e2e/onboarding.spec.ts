import { HomePage } from './page-models/home-page.ts';
import { OnboardingPages } from './page-models/onboarding-pages.ts';
import { registerUpToOnboarding } from './page-models/registration-page.ts';
import { SignInPage } from './page-models/sign-in-page.ts';
import { checkScreen, PHONE } from './support/screen-check.ts';
import { expect, test } from './support/test.ts';

/** A date of birth 17 years ago as DD/MM/YYYY: too young to register. */
function seventeenYearsAgo(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.min(now.getUTCDate(), 28))}/${pad(now.getUTCMonth() + 1)}/${now.getUTCFullYear() - 17}`;
}

test.describe('onboarding, each screen checked on a phone and a desktop', () => {
  test.use({ viewport: PHONE });

  test('every step to home: digits kept out of names, the under-18 error, an address found by search, a reload resumes', async ({
    page,
    request,
  }) => {
    // every onboarding screen and a reload in one walk: 36–56 s with two browsers on two cores, near the 60 s default
    test.setTimeout(120_000);
    const { email, password } = await registerUpToOnboarding(page, request);
    const steps = new OnboardingPages(page);

    await steps.expectStep('Your name', '/registration-name');
    await checkScreen(page, 'name');
    await steps.continueButton.click();
    await expect(steps.errorSummary).toBeFocused();
    await expect(steps.firstName).toHaveAccessibleDescription('Enter your name');
    await checkScreen(page, 'name with errors');
    await steps.firstName.pressSequentially('Am1na');
    await expect(steps.firstName).toHaveValue('Amna');
    await steps.giveName('Amina', 'Warsame');

    await steps.expectStep('Your nationality', '/registration-nationality');
    await checkScreen(page, 'nationality');
    // Home, or a reload, brings a half-registered customer back to their step.
    await page.goto('/home');
    await steps.expectStep('Your nationality', '/registration-nationality');
    await page.reload();
    await steps.giveNationality('Somalia');

    await steps.expectStep('Your date of birth', '/registration-date-of-birthday');
    await checkScreen(page, 'date of birth');
    await steps.dateOfBirth.fill(seventeenYearsAgo());
    await steps.continueButton.click();
    await expect(steps.dateOfBirth).toHaveAccessibleDescription(
      /^Registration is not allowed if age is under 18 years old\./,
    );
    await checkScreen(page, 'date of birth under 18');
    await steps.dateOfBirth.fill('');
    await steps.giveDateOfBirth('27/03/1990');

    await steps.expectStep('Your home address', '/address-search');
    await checkScreen(page, 'address search');
    await steps.searchAddress('SW1A 2AA', '10 Downing Street');
    await expect(steps.street).toHaveValue('10 Downing Street');
    await expect(steps.city).toHaveValue('London');
    await expect(steps.postcode).toHaveValue('SW1A 2AA');
    await checkScreen(page, 'address');
    await steps.continueButton.click();

    await steps.expectStep('Your occupation', '/occupation');
    await checkScreen(page, 'occupation');
    await page.reload();
    await steps.giveOccupation('Nurse');

    await steps.expectStep('Why will you use your account?', '/registration-reason-of-usage');
    await checkScreen(page, 'reason of usage');
    // Back opens the step before; a signed-out page opened meanwhile sends back to the current step.
    await page.getByRole('button', { name: 'Back' }).click();
    await steps.expectStep('Your occupation', '/occupation');
    await page.goto('/sign-in');
    await steps.expectStep('Why will you use your account?', '/registration-reason-of-usage');
    await steps.giveUsage('Savings', 'Paying for education abroad');

    const home = new HomePage(page);
    await expect(page).toHaveURL(/\/home$/);
    await home.expectGreeting('Amina');
    // A registered customer opening a step goes home.
    await page.goto('/registration-name');
    await expect(page).toHaveURL(/\/home$/);

    await home.signOut();
    const signIn = new SignInPage(page);
    await signIn.signIn(email, password);
    await home.expectGreeting('Amina');
  });

  test('leaving asks first and Yes signs out, sign-in resumes; a US resident types their address, gives state and SSN', async ({
    page,
    request,
  }) => {
    const { email, password } = await registerUpToOnboarding(page, request, { name: 'United States', code: 'US' });
    const steps = new OnboardingPages(page);
    const back = page.getByRole('button', { name: 'Back' });
    const cancel = page.getByRole('alertdialog', { name: 'Cancel your registration?' });

    await steps.expectStep('Your name', '/registration-name');
    await back.click();
    await expect(cancel).toBeVisible();
    await checkScreen(page, 'cancel registration');
    await cancel.getByRole('button', { name: 'No' }).click();
    await expect(cancel).toBeHidden();
    await steps.expectStep('Your name', '/registration-name');
    await back.click();
    await cancel.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/country-of-residence$/);
    expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();

    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.signIn(email, password);
    await steps.giveName();
    await steps.giveNationality();
    await steps.giveDateOfBirth();

    await steps.expectStep('Your home address', '/address-search');
    await steps.enterManually.click();
    await steps.expectStep('Enter your address', '/address');
    await steps.street.fill('1500 Marilla Street');
    await steps.city.fill('Dallas');
    await steps.postcode.fill('75201');
    await steps.continueButton.click();
    await expect(steps.province).toHaveAccessibleDescription('Choose your province or state');
    await checkScreen(page, 'address typed, with errors');
    await steps.province.selectOption({ label: 'Texas' });
    await steps.continueButton.click();

    await steps.giveOccupation();
    await steps.giveUsage();

    await steps.expectStep('Social Security number', '/ssn');
    await checkScreen(page, 'ssn');
    await steps.usaState.selectOption({ label: 'Texas' });
    await steps.ssn.fill('000-12-3456');
    await steps.continueButton.click();
    await expect(steps.ssn).toHaveAccessibleDescription(/^No Social Security number starts with 000, 666 or 9/);
    await steps.giveSsn('Texas', '123-45-6789');
    await expect(page).toHaveURL(/\/home$/);
  });
});
