import { expect, test } from './support/test.ts';

test.describe('a release that removed the old route chunks', () => {
  // a page the service worker does not control: its precache would still serve the old chunks
  test.use({ serviceWorkers: 'block' });

  test('a lazy route of the old version that is gone loads the page afresh from the new one', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => Object.assign(window, { oldPage: true }));

    // the deploy: every script this page has not loaded yet is gone, until the next document load
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

    await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
    // The router shows the new address before the chunk fails, so wait for the new document itself; while
    // the page is being replaced, asking it anything fails, which counts as not there yet.
    await expect
      .poll(() => page.evaluate(() => 'oldPage' in window).catch(() => true), {
        message: 'a fresh page of the new release',
      })
      .toBe(false);
    await expect(page).toHaveURL(/\/country-of-residence$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(refused.length, 'the old chunk was asked for and refused').toBeGreaterThan(0);
  });
});
