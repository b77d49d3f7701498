import { HomePage } from './page-models/home-page.ts';
import { completeOnboarding, FIRST_NAME } from './page-models/onboarding-pages.ts';
import { GOOD_PASSWORD, RegistrationPage } from './page-models/registration-page.ts';
import { SignInPage } from './page-models/sign-in-page.ts';
import { readCode, uniqueEmail, wrongCode } from './support/outbox.ts';
import { checkScreen, PHONE } from './support/screen-check.ts';
import { expect, test } from './support/test.ts';

/**
 * A UK mobile number no other test uses (in 07400 1…, a range that is all
 * mobile numbers): as typed (national) and in E.164, how the outbox knows it.
 */
function uniqueMobile(): { typed: string; e164: string } {
  const subscriber = `1${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  return { typed: `07400 ${subscriber}`, e164: `+447400${subscriber}` };
}

test.describe('each screen checked on a phone and a desktop', () => {
  test.use({ viewport: PHONE });

  test('registers by phone with the texted code, signs out, and signs in by phone', async ({ page, request }) => {
    const mobile = uniqueMobile();
    const registration = new RegistrationPage(page);
    await registration.openCountryOfResidence();
    await registration.chooseCountry('United Kingdom');
    await registration.fillPhoneForm(mobile.typed, GOOD_PASSWORD);
    await checkScreen(page, 'registration by phone');
    await registration.submitForCode('Verify your phone');
    await expect(page).toHaveURL(/\/phone-verification$/);
    await expect(page.getByText(mobile.typed)).toBeVisible();
    await checkScreen(page, 'phone verification');

    const { code } = await readCode(request, mobile.e164);
    await registration.enterCode(wrongCode(code));
    await expect(registration.code).toHaveAccessibleDescription('The verification code is incorrect. 4 tries left.');
    await registration.enterCode(code);
    // onboarding follows the texted code as it follows the e-mailed one
    await completeOnboarding(page, 'GB');
    const home = new HomePage(page);
    await home.expectGreeting(FIRST_NAME);
    await checkScreen(page, 'home after registering by phone');

    await home.signOut();
    const signIn = new SignInPage(page);
    await signIn.expectOpen();
    await signIn.choosePhone();
    await checkScreen(page, 'sign-in by phone');
    await signIn.signInByPhone(mobile.e164, `${GOOD_PASSWORD}x`);
    await expect(signIn.formError).toContainText("We can't find your account with those details");
    await signIn.signInByPhone(mobile.e164, GOOD_PASSWORD);
    await home.expectGreeting(FIRST_NAME);
    await checkScreen(page, 'home after signing in by phone');
  });

  test('a bad phone number shows its field error; past 3 registrations from one address a bot-like score asks "I\'m not a robot"', async ({
    page,
    request,
  }) => {
    // this test's address has had its captcha-free registrations of the hour
    for (let i = 0; i < 3; i++) {
      const sent = await request.post('/api/oauth/email/send', {
        data: {
          email: uniqueEmail('captcha'),
          password: GOOD_PASSWORD,
          country: 'GB',
          accept_terms: true,
          accept_privacy: true,
        },
      });
      expect(sent.status(), await sent.text()).toBe(201);
    }
    // the invisible check scores this browser as a bot
    await page.route('**/sandbox/captcha/score', (route) => route.continue({ url: `${route.request().url()}?as=bot` }));
    const registration = new RegistrationPage(page);
    await registration.openCountryOfResidence();
    await registration.chooseCountry('United Kingdom');
    await registration.fillPhoneForm('+46 70 123 45 67', GOOD_PASSWORD);
    await registration.continueButton.click();
    await expect(registration.mobile).toHaveAccessibleDescription(
      /Enter a mobile number with the country code of your country of residence/,
    );
    await registration.mobile.fill('07911 12a456');
    await registration.continueButton.click();
    await expect(registration.mobile).toHaveAccessibleDescription(/Enter the mobile number with digits only/);
    await checkScreen(page, 'registration with a bad phone number');

    const mobile = uniqueMobile();
    await registration.mobile.fill(mobile.typed);
    await registration.continueButton.click();
    const robot = page.getByRole('checkbox', { name: "I'm not a robot" });
    await expect(page.getByRole('alert')).toHaveText("Confirm that you're not a robot, then continue.");
    await expect(robot).not.toBeChecked();
    await checkScreen(page, 'registration asking "I\'m not a robot"');
    await robot.click();
    await expect(robot).toBeChecked();
    await registration.submitForCode('Verify your phone');
    await expect(page.getByText(mobile.typed)).toBeVisible();
    await readCode(request, mobile.e164);
  });
});
