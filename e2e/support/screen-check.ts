import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

/** The phone our senders hold (the narrowest we design for) and a desktop. */
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Resizes the page and waits for the app to take that width's form. The signed-in header builds its row of links or
 * its burger from a media query, so right after a resize the old form is still there until the query's change event
 * has been handled. A browser fires the window's `resize`, then the queries' change events (React rendering their
 * update in a microtask), in the same rendering step; a task posted from the resize event runs after that step. A
 * message channel's task, not a timer or an animation frame: a page clock (`page.clock`) fakes those, and its frame
 * came before the header had changed (CI, `wallets.spec.ts`).
 */
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  const now = page.viewportSize();
  if (now?.width === size.width && now.height === size.height) return;
  await page.evaluate(() => {
    (window as { resized?: Promise<void> }).resized = new Promise<void>((resolve) =>
      addEventListener(
        'resize',
        () => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        },
        { once: true },
      ),
    );
  });
  await page.setViewportSize(size);
  await page.evaluate(() => (window as { resized?: Promise<void> }).resized);
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
