import type { Locator } from '@playwright/test';
import { HomePage } from './page-models/home-page.ts';
import { OnboardingPages } from './page-models/onboarding-pages.ts';
import { RecoveryPasswordPage } from './page-models/password-pages.ts';
import { GOOD_PASSWORD, RegistrationPage, registerUpToOnboarding } from './page-models/registration-page.ts';
import { SignInPage } from './page-models/sign-in-page.ts';
import { signInNewCustomer } from './support/api-customer.ts';
import { readCode } from './support/outbox.ts';
import { PHONE, resizeTo } from './support/screen-check.ts';
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

  test('a phone customer signs in and recovers with the local number as registered', async ({ page, request }) => {
    // as the issue typed it, 07911 8…: a UK mobile range
    const subscriber = `8${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
    const typed = `07911 ${subscriber}`;
    const e164 = `+447911${subscriber}`;
    const registration = new RegistrationPage(page);
    await registration.openCountryOfResidence();
    await registration.chooseCountry('United Kingdom');
    await registration.fillPhoneForm(typed, GOOD_PASSWORD);
    await registration.submitForCode('Verify your phone');
    await registration.enterCode((await readCode(request, e164)).code);
    await new OnboardingPages(page).expectStep('Your name', '/registration-name');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/country-of-residence$/);
    // another day: the tab's chosen country is gone, the number is read as one of the visitor's country
    await page.evaluate(() => sessionStorage.clear());

    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.choosePhone();
    await expect(page.getByLabel('Country of your mobile number')).toHaveValue('GB');
    await page.screenshot({ path: 'test-results/journey-sign-in-phone.png', fullPage: true });
    await signIn.signInByPhone(typed, GOOD_PASSWORD);
    await new OnboardingPages(page).expectStep('Your name', '/registration-name');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/country-of-residence$/);

    await page.goto('/recovery-password');
    const recovery = new RecoveryPasswordPage(page);
    await page.getByRole('radio', { name: 'Phone' }).check();
    await page.getByLabel('Mobile number', { exact: true }).fill(typed);
    await recovery.sendCodeButton.click();
    await expect(recovery.heading).toHaveText('Enter the code');
    await recovery.enterCode((await readCode(request, e164)).code);
    await recovery.choosePassword(`${GOOD_PASSWORD}2`);
  });
});

/** How many lines an element's visible text takes, from the boxes of its text (a visually hidden name has none). */
async function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // text in a visually hidden box (1 px wide, clipped) is for screen readers
      if ((node.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });
}

test.describe('the header and the steps on small phones', () => {
  for (const locale of ['en-GB', 'sv', 'so'] as const) {
    test(`nothing breaks inside a word at 360 and 390 px, in ${locale}; flags are images`, async ({
      page,
      request,
    }) => {
      await resizeTo(page, { width: 360, height: 740 });
      await page.goto('/sign-in');
      await page.evaluate((value) => localStorage.setItem('locale', value), locale);
      await signInNewCustomer(page, request, { firstName: 'Amina', country: 'US', usaState: 'TX' });
      await page.goto('/home');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const banner = page.getByRole('banner');
      const newTransfer = banner
        .getByRole('link')
        .filter({ has: page.locator(':scope:not(:has(svg))') })
        .last();
      await expect(banner.getByText('US', { exact: true })).toBeVisible();
      expect(await linesOf(banner.getByText('US', { exact: true }))).toBe(1);
      expect(await linesOf(newTransfer)).toBe(1);
      await page.screenshot({ path: `test-results/journey-header-360-${locale}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // the wallet's flag is a small image of its own, not an emoji (empty boxes on Linux, letters on Windows)
      const flag = page.locator('main img[src*="/US-"][src$=".svg"]').first();
      await flag.scrollIntoViewIfNeeded();
      await expect(flag).toBeVisible();
      await expect
        .poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      expect(await page.locator('main').textContent()).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
      await flag
        .locator('xpath=ancestor::section[1]')
        .screenshot({ path: `test-results/journey-wallet-360-${locale}.png` });

      await resizeTo(page, { width: 390, height: 740 });
      await newTransfer.click();
      const current = page.locator('ol li[aria-current="step"]');
      await expect(current).toBeVisible();
      expect(await linesOf(current)).toBe(1);
      await page.screenshot({ path: `test-results/journey-steps-390-${locale}.png` });

      // a desktop's header has the wallets beside home, transfers and recipients
      await resizeTo(page, { width: 1280, height: 800 });
      await page.goto('/home');
      await expect(page.getByRole('banner').locator('nav a[href="/wallets"]').filter({ visible: true })).toBeVisible();
      await page.screenshot({ path: `test-results/journey-header-desktop-${locale}.png` });
      for (const width of [1280, 1024]) {
        await resizeTo(page, { width, height: 800 });
        // the row of links from 80rem (1,280 px), the burger menu below it: the other form is not built at all, so the
        // links are counted once the header has changed to the form of this width
        const row = page.getByRole('banner').locator('nav');
        if (width >= 1280) await expect(row).toBeVisible();
        else await expect(row).toHaveCount(0);
        for (const link of await page.getByRole('banner').locator('nav a').filter({ visible: true }).all()) {
          expect(await linesOf(link), `${await link.textContent()} at ${width} px`).toBe(1);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `test-results/journey-header-${width}-${locale}.png` });
      }
    });
  }
});

test.describe('the changed screens at 360 px in English, Swedish and Somali', () => {
  test.use({ viewport: PHONE });

  for (const locale of ['en-GB', 'sv', 'so'] as const) {
    test(`date of birth, occupation, sign-in by phone, recipients and the quote step in ${locale}`, async ({
      page,
      request,
      browser,
    }) => {
      test.setTimeout(90_000);
      const shot = async (name: string) => {
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} scrolls sideways`).toBe(360);
        await page.screenshot({ path: `test-results/journey-${name}-${locale}.png`, fullPage: true });
      };
      await registerUpToOnboarding(page, request);
      const token = (await page.evaluate(() => localStorage.getItem('access-token'))) ?? '';
      const remitter = async (path: string, data: unknown) =>
        expect(
          (await request.post(`/api/main/remit/remitter/${path}`, { data, headers: { 'x-auth-token': token } })).ok(),
        ).toBe(true);
      // the cookie banner answered, so the screens show whole
      await page.evaluate((value) => {
        localStorage.setItem('locale', value);
        localStorage.setItem('cookie-consent', 'necessary-only');
      }, locale);
      await remitter('create', { first_name: 'Amina', surname: 'Warsame' });
      await remitter('update', { nationality: 'SO' });
      await page.goto('/registration-date-of-birthday');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const date = page.locator('input[autocomplete="bday"]');
      await date.fill('31021990');
      await date.press('Enter');
      await expect(page.locator('input[autocomplete="bday"][aria-invalid="true"]')).toBeVisible();
      await shot('date-of-birth');
      await remitter('update', { date_of_birth: '1990-03-27' });
      await remitter('update', {
        address: { street: '12 Station Road', city: 'Leeds', postcode: 'LS1 4DY', province: null },
      });
      await page.goto('/occupation');
      await page.locator('main select').selectOption('other');
      await shot('occupation');

      const visitor = await browser.newPage({ viewport: PHONE });
      await visitor.goto('/sign-in');
      await visitor.evaluate(() => localStorage.setItem('cookie-consent', 'necessary-only'));
      await visitor.getByRole('button', { name: 'Other options' }).click();
      await visitor.getByRole('button', { name: 'Sign in with your mobile number' }).click();
      await visitor.locator('select:has(option[lang="so"])').first().selectOption(locale);
      await expect(visitor.locator('html')).toHaveAttribute('lang', locale);
      await visitor.locator('input[type="tel"]').waitFor();
      await visitor.screenshot({ path: `test-results/journey-sign-in-phone-${locale}.png`, fullPage: true });
      await visitor.close();

      await remitter('update', { occupation: 'Healthcare worker' });
      await remitter('update', { reason_of_usage: 'family_support', purpose_of_account: 'family_and_friends' });
      // onboarded by the API: the device's hint of the step is out of date, home asks afresh
      await page.evaluate(() => localStorage.removeItem('onboarding-step'));
      await page.goto('/home');
      await expect(page).toHaveURL(/\/home$/);
      await page.goto('/send-money/quote');
      await expect(page.getByRole('main').getByRole('combobox')).toBeVisible();
      await shot('quote');
      await page.goto('/recipients');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot('recipients');
    });
  }
});
