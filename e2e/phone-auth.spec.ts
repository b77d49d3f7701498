import { HomePage } from './page-models/home-page.ts';
import { completeOnboarding, FIRST_NAME } from './page-models/onboarding-pages.ts';
import { GOOD_PASSWORD, RegistrationPage } from './page-models/registration-page.ts';
import { SignInPage } from './page-models/sign-in-page.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { readCode, wrongCode } from './support/outbox.ts';
import { expect, test } from './support/test.ts';

/**
 * A UK mobile number no other test uses (in 07400 1…, a range that is all
 * mobile numbers): as typed (national) and in E.164, how the outbox knows it.
 */
function uniqueMobile(): { typed: string; e164: string } {
  const subscriber = `1${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  return { typed: `07400 ${subscriber}`, e164: `+447400${subscriber}` };
}

const VIEWPORTS = [
  { name: 'mobile', size: { width: 360, height: 740 } },
  { name: 'desktop', size: { width: 1280, height: 800 } },
];

for (const viewport of VIEWPORTS) {
  test.describe(`on ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test('registers by phone with the texted code, signs out, and signs in by phone', async ({ page, request }) => {
      const mobile = uniqueMobile();
      const registration = new RegistrationPage(page);
      await registration.openCountryOfResidence();
      await registration.chooseCountry('United Kingdom');
      await registration.fillPhoneForm(mobile.typed, GOOD_PASSWORD);
      await expectNoAxeViolations(page, 'registration by phone');
      await registration.submitForCode('Verify your phone');
      await expect(page).toHaveURL(/\/phone-verification$/);
      await expect(page.getByText(mobile.typed)).toBeVisible();
      await expectNoAxeViolations(page, 'phone verification');

      const { code } = await readCode(request, mobile.e164);
      await registration.enterCode(wrongCode(code));
      await expect(registration.code).toHaveAccessibleDescription('The verification code is incorrect. 4 tries left.');
      await registration.enterCode(code);
      // onboarding follows the texted code as it follows the e-mailed one
      await completeOnboarding(page, 'GB');
      const home = new HomePage(page);
      await home.expectGreeting(FIRST_NAME);
      await expectNoAxeViolations(page, 'home after registering by phone');

      await home.signOut();
      const signIn = new SignInPage(page);
      await signIn.expectOpen();
      await signIn.choosePhone();
      await expectNoAxeViolations(page, 'sign-in by phone');
      await signIn.signInByPhone(mobile.e164, `${GOOD_PASSWORD}x`);
      await expect(signIn.formError).toContainText("We can't find your account with those details");
      await signIn.signInByPhone(mobile.e164, GOOD_PASSWORD);
      await home.expectGreeting(FIRST_NAME);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.size.width);
    });

    test('a bad phone number shows its field error', async ({ page }) => {
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
      await expectNoAxeViolations(page, 'registration with a bad phone number');
    });
  });
}
