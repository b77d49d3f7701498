import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

interface Shift {
  value: number;
  at: number;
  moved: string[];
}

/** Records every layout shift of the page from its first byte on (the browser's own `layout-shift` entries). */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(({ node }) =>
          node instanceof Element ? `${node.tagName.toLowerCase()} "${node.textContent?.slice(0, 40)}"` : String(node),
        );
        shifts.push({ value: entry.value, at: Math.round(entry.startTime), moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts so far, once everything the page asks for on opening has arrived and it has painted since. */
async function shiftsOnceSettled(page: Page): Promise<Shift[]> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve((window as unknown as { layoutShifts: Shift[] }).layoutShifts)),
        ),
      ),
  );
}

// a phone's screen, as Lighthouse's mobile run has it
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });

for (const consent of ['unanswered', 'answered'] as const) {
  test(`/sign-in opens without a layout shift, the cookie notice ${consent}`, async ({ page }) => {
    await recordShifts(page);
    if (consent === 'answered') {
      await page.addInitScript(() => localStorage.setItem('cookie-consent', 'necessary-only'));
    }
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const notice = page.getByRole('region', { name: 'Cookies' });
    if (consent === 'unanswered') await expect(notice).toBeVisible();
    else await expect(notice).toHaveCount(0);
    expect(await shiftsOnceSettled(page)).toEqual([]);
  });
}
