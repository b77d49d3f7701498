import type { Page } from '@playwright/test';
import { LANGUAGE_LABELS } from './page-models/app-shell.ts';
import { signInNewCustomer } from './support/api-customer.ts';
import { resizeTo } from './support/screen-check.ts';
import { expect, test } from './support/test.ts';

const PUBLIC_ROUTES = ['/sign-in', '/recovery-password', '/country-of-residence'];
const SIGNED_IN_ROUTES = [
  '/home',
  '/transfers',
  '/recipients',
  '/wallets',
  '/profile',
  '/your-promo-codes',
  '/send-money/quote',
];

/** How far the page as it is now reaches past the screen's right edge, naming its widest culprit; null when it does not. */
async function overflowNow(page: Page): Promise<string | null> {
  await expect(page.getByRole('status').filter({ hasText: /\S/ }), 'the screen has loaded').toHaveCount(0);
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return null;
    const culprit = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)
      .at(-1);
    const name = culprit ? `${culprit.tagName.toLowerCase()}.${[...culprit.classList].join('.')}` : '?';
    return `${location.pathname} (${document.documentElement.lang}): ${scrollWidth} px, ${name}`;
  });
}

/**
 * Each route in both languages: opened in the one chosen last, measured,
 * switched to the other in place (the header's selector, which on a narrow
 * signed-in screen sits in the closed menu; a reload where there is none)
 * and measured again.
 */
async function sweep(page: Page, paths: string[]): Promise<string[]> {
  const found: (string | null)[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect(page, 'the route opened itself, not a redirect').toHaveURL(new RegExp(`${path}$`));
    found.push(await overflowNow(page));
    const other = (await page.locator('html').getAttribute('lang')) === 'so' ? 'sv' : 'so';
    const selector = page.locator('select:has(option[lang="so"])').first();
    if (await selector.count()) await selector.selectOption({ label: LANGUAGE_LABELS[other] }, { force: true });
    else {
      // the send-money steps have no selector of their own
      await page.evaluate((locale) => localStorage.setItem('locale', locale), other);
      await page.reload();
    }
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    found.push(await overflowNow(page));
  }
  return found.filter((overflow) => overflow !== null);
}

test('no screen scrolls sideways at 360 px in Somali or Swedish, signed out or in', async ({ page, context }) => {
  await resizeTo(page, { width: 360, height: 740 });
  await page.goto('/sign-in');
  await page.evaluate(() => localStorage.setItem('locale', 'so'));
  const overflows = await sweep(page, PUBLIC_ROUTES);
  await signInNewCustomer(page, context.request, { firstName: 'Amina', country: 'GB' });
  overflows.push(...(await sweep(page, SIGNED_IN_ROUTES)));
  expect(overflows, 'wider than the 360 px screen').toEqual([]);
});
