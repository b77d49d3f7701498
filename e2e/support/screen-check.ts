import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

/** The phone our senders hold (the narrowest we design for) and a desktop. */
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

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
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `${screen} (${label})`);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${screen} (${label}) scrolls sideways`).toBeLessThanOrEqual(viewport.width);
  }
  if (walking) await page.setViewportSize(walking);
}
