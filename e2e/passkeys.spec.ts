import { HomePage } from './page-models/home-page.ts';
import { GOOD_PASSWORD, RegistrationPage } from './page-models/registration-page.ts';
import { SignInPage } from './page-models/sign-in-page.ts';
import { signInNewCustomer } from './support/api-customer.ts';
import { readCode, uniqueEmail } from './support/outbox.ts';
import { checkScreen, PHONE } from './support/screen-check.ts';
import { expect, test } from './support/test.ts';

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('adds a passkey on the profile, signs out, signs in with it and removes it', async ({ page, request }) => {
    // Chromium's virtual authenticator: a platform passkey store that verifies the user at once
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await page.goto('/');
    await signInNewCustomer(page, request, { firstName: 'Idil', country: 'GB' });
    await page.goto('/profile');
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(passkeys.getByText('Your passkey was added.', { exact: false })).toBeVisible();
    await expect(passkeys.getByRole('listitem')).toHaveCount(1);
    await expect(passkeys.getByRole('listitem')).toContainText('Not used yet');
    await checkScreen(page, 'profile with a passkey');

    const home = new HomePage(page);
    await home.signOut();
    const signIn = new SignInPage(page);
    await signIn.expectOpen();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await home.expectGreeting('Idil');

    await page.goto('/profile');
    const item = passkeys.getByRole('listitem');
    await expect(item).toContainText('Last used');
    await item.getByRole('button', { name: /^Remove the passkey added/ }).click();
    await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();
  });
});

test('signs up through an agent link: unknown codes go to sign-in, a known agent is named and registration follows', async ({
  page,
  request,
}) => {
  const signIn = new SignInPage(page);
  await page.goto('/sign-up');
  await signIn.expectOpen();
  await page.goto('/sign-up?params=NOBODY-99');
  await signIn.expectOpen();

  await page.goto('/sign-up?params=HODAN-01');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agent sign-up');
  await expect(page.getByText('You are signing up with Hodan Money Services.', { exact: false })).toBeVisible();
  await checkScreen(page, 'agent sign-up');
  await page.getByRole('button', { name: 'Start' }).click();

  const registration = new RegistrationPage(page);
  await expect(registration.heading).toHaveText('Country of residence');
  await registration.chooseCountry('United Kingdom');
  const email = uniqueEmail('agent');
  await registration.fillForm(email, GOOD_PASSWORD);
  await registration.submitForCode();
  const { code } = await readCode(request, email);
  await registration.enterCode(code);
  await expect(page).toHaveURL(/\/registration-name$/);
});
