import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

/** The phone our senders hold (the narrowest we design for) and a desktop. */
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Resizes the page and waits for the app to take that width's form. The signed-in header builds its row of links or
 * its burger from a media query, so right after a resize the old form is still there until the query's change event
 * has been handled: a browser fires those events, and React renders the update in a microtask, before the frame's
 * animation callbacks, so one animation frame is the wait. (Under a page clock, `page.clock`, the frame is the clock's:
 * it comes while the clock runs, not in step with the rendering.)
 */
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

/**
 * The screen as it is now, at a phone's width and a desktop's: axe finds
 * nothing and nothing scrolls sideways at either. The walk goes on at the
 * width it was at. (One walk checked at both widths, instead of the whole
 * walk once per width: the screens are the same, the sign-ups and steps
 * between them are what took the time.)
 */
export async function checkScreen(page: Page, screen: string): Promise<void> {
  const walking = page.viewportSize();
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await resizeTo(page, viewport);
    await expectNoAxeViolations(page, `${screen} (${label})`);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${screen} (${label}) scrolls sideways`).toBeLessThanOrEqual(viewport.width);
  }
  if (walking) await resizeTo(page, walking);
}
