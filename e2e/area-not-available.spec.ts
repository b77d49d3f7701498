import { RegistrationPage } from './page-models/registration-page.ts';
import { SignInPage } from './page-models/sign-in-page.ts';
import { messagesTo, uniqueEmail } from './support/outbox.ts';
import { checkScreen, PHONE } from './support/screen-check.ts';
import { expect, test } from './support/test.ts';

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('someone whose country we do not serve leaves an e-mail and hears back; the page fits a phone', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('launch');
    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.registerLink.click();
    await expect(new RegistrationPage(page).heading).toHaveText('Country of residence');
    await page.getByRole('link', { name: "I can't find my country" }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not available in your area yet');
    await checkScreen(page, 'area not available');
    const country = page.getByRole('combobox', { name: 'Country you live in' });
    await expect(country.getByRole('option', { name: 'United Kingdom' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
    await expect(page.getByLabel('E-mail address')).toHaveAccessibleDescription('Enter your e-mail address');
    await checkScreen(page, 'area not available with errors');

    await country.selectOption({ label: 'Somalia' });
    await page.getByLabel('Full name (optional)').fill('Faadumo Cali');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you.' })).toHaveText(
      `Thank you. We will e-mail ${email} as soon as Sarraf launches in Somalia.`,
    );
    await checkScreen(page, 'area not available, sent');

    await expect
      .poll(async () => (await messagesTo(request, email)).map((message) => message.subject), { timeout: 15_000 })
      .toEqual(['We will tell you when Sarraf launches in Somalia']);
  });
});

test('the page cannot be opened directly, only from the country of residence', async ({ page }) => {
  await page.goto('/area-not-available');
  await expect(page).toHaveURL(/\/country-of-residence$/);
});
