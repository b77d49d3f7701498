import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

test.describe('a release that removed the old route chunks', () => {
  // a page the service worker does not control: its precache would still serve the old chunks
  test.use({ serviceWorkers: 'block' });

  /** The sign-in page of the old release, and from now on every script it has not loaded yet gone until the next document. */
  async function deployWhileOpen(page: Page): Promise<string[]> {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // the page's own chunks, some fetched after its first paint, all here before the release (a page missing one of
    // its own is loaded afresh once the server names another release: stale-chunk.test.ts)
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => Object.assign(window, { oldPage: true }));
    let deployed = false;
    const refused: string[] = [];
    await page.route('**/*', async (route) => {
      const request = route.request();
      if (request.resourceType() === 'document') deployed = true;
      if (!deployed && request.resourceType() === 'script') {
        refused.push(request.url());
        await route.fulfill({ status: 404, body: 'gone' });
        return;
      }
      await route.continue();
    });
    return refused;
  }

  /** The password reset page (its code not among the sign-in page's), loaded afresh from the new release. */
  async function freshRecoveryPage(page: Page, refused: string[]): Promise<void> {
    // The router shows the new address before the chunk fails, so wait for the new document itself; while
    // the page is being replaced, asking it anything fails, which counts as not there yet.
    await expect
      .poll(() => page.evaluate(() => 'oldPage' in window).catch(() => true), {
        message: 'a fresh page of the new release',
      })
      .toBe(false);
    await expect(page).toHaveURL(/\/recovery-password$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(refused.length, 'the old chunk was asked for and refused').toBeGreaterThan(0);
  }

  test('a lazy route of the old version that is gone loads the page afresh from the new one', async ({ page }) => {
    const refused = await deployWhileOpen(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await freshRecoveryPage(page, refused);
  });

  test('a link whose chunk failed on hover, before the click, still opens its page afresh', async ({ page }) => {
    // a slow phone: the preload on hover fails before the click comes; the page must not reload under the customer
    const refused = await deployWhileOpen(page);
    const forgot = page.getByRole('link', { name: 'Forgot your password?' });
    await page.evaluate(() =>
      window.addEventListener('vite:preloadError', () => Object.assign(window, { preloadFailed: true })),
    );
    await forgot.hover();
    await expect
      .poll(() => page.evaluate(() => 'preloadFailed' in window || !('oldPage' in window)).catch(() => true), {
        message: 'the chunk preloaded on hover failed',
      })
      .toBe(true);
    expect(refused.length, 'the hover asked for the old chunk').toBeGreaterThan(0);
    expect(await page.evaluate(() => 'oldPage' in window), 'still the page the customer is reading').toBe(true);
    await forgot.click();
    await freshRecoveryPage(page, refused);
  });
});
