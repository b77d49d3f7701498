import { HomePage } from './page-models/home-page.ts';
import { OnboardingPages } from './page-models/onboarding-pages.ts';
import { registerUpToOnboarding } from './page-models/registration-page.ts';
import { PHONE } from './support/screen-check.ts';
import { expect, test } from './support/test.ts';

/** The first moments of a new sender, on a phone, as issue reports found them. */
test.describe('a new sender on a phone', () => {
  test.use({ viewport: PHONE });

  test('the first Home after onboarding says nothing failed when the checks passed', async ({ page, request }) => {
    await registerUpToOnboarding(page, request);
    const steps = new OnboardingPages(page);
    await steps.giveName();
    await steps.giveNationality();
    await steps.giveDateOfBirth();
    await steps.searchAddress('SW1A 2AA', '10 Downing Street');
    await steps.continueButton.click();
    await steps.giveOccupation();
    // the app opened afresh on the last step (a reload, the phone reclaiming the tab), then the step answered at once
    await steps.expectStep('Why will you use your account?', '/registration-reason-of-usage');
    await page.reload();
    await steps.giveUsage();
    const home = new HomePage(page);
    await home.expectGreeting('Amina');
    await expect(home.yearlyLimit).toBeVisible();
    await expect(page.getByText('We could not check your details as you gave them.', { exact: false })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/journey-first-home.png' });
  });
});
